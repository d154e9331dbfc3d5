// The auth form as a modal (SPEC §2): login, signup or forgot-password mode, opened from the landing page.
import { useState } from 'react';
import { Modal } from '../../../ui/index.ts';
import { ForgotForm } from './forgot-form.tsx';
import { LoginForm } from './login-form.tsx';
import { SignUpForm } from './signup-form.tsx';

export type AuthMode = 'login' | 'signup' | 'forgot';

const COPY: Record<AuthMode, { title: string; description: string }> = {
  login: { title: 'Sign In', description: 'Welcome back. Pick up your studies where you left off.' },
  signup: { title: 'Sign Up', description: 'Create your free account to study anywhere, even offline.' },
  forgot: { title: 'Reset your password', description: 'We will email you a link to choose a new password.' },
};

export type AuthModalProps = {
  open: boolean;
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
};

export function AuthModal({ open, mode, onModeChange, onClose }: AuthModalProps) {
  const [forgotEmail, setForgotEmail] = useState('');
  const copy = COPY[mode];
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={copy.title}
      description={copy.description}
      className={mode === 'signup' ? 'max-w-lg' : undefined}
    >
      {/* key: each mode starts fresh, with focus on its first field */}
      {mode === 'login' && (
        <LoginForm
          key="login"
          onForgot={(email) => {
            setForgotEmail(email);
            onModeChange('forgot');
          }}
          onSignUp={() => onModeChange('signup')}
        />
      )}
      {mode === 'signup' && <SignUpForm key="signup" onSignIn={() => onModeChange('login')} />}
      {mode === 'forgot' && (
        <ForgotForm key="forgot" initialEmail={forgotEmail} onBack={() => onModeChange('login')} />
      )}
    </Modal>
  );
}
