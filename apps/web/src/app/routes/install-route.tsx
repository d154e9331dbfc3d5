// /install: install instructions with the browser's own prompt when it offers one.
import { useNavigate } from 'react-router';
import { InstallPage } from '../../features/install/index.ts';
import { useAuth } from '../../lib/session/index.ts';
import { usePwaInstall } from '../pwa.ts';

export function InstallRoute() {
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const { canInstall, installed, promptInstall } = usePwaInstall();
  return (
    <InstallPage
      canInstall={canInstall}
      installed={installed}
      onInstall={() => void promptInstall()}
      onGoToDashboard={() => navigate('/dashboard')}
      onSignOutAndContinue={() => void signOut()}
    />
  );
}
