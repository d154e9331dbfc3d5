// The sync engine and its React face. Screens use useSync(); the shell mounts SyncButton and SyncStatus.
export type { SyncOutcome } from './engine.ts';
export { SyncButton, SyncStatus } from './sync-button.tsx';
export { useSync } from './use-sync.ts';
export { useOffline } from './use-offline.ts';
export {
  KeepOfflineButton,
  OfflineMark,
  OfflineProgress,
  StorageEstimate,
  UnkeepOfflineButton,
  jobCovers,
} from './offline-ui.tsx';
export { useOfflineOverview } from './use-offline-overview.ts';
export { KeepModulesToggle } from './keep-modules-toggle.tsx';
export { isFullyOffline, isKept, type OfflineOverview, type OfflineTarget } from '../local/offline-keep.ts';
