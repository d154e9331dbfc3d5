// Tests only: the same task as off-thread-test-worker.ts under another entry name (another kind of task).
import './off-thread-test-worker.ts';
