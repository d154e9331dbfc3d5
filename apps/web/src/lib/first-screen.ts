// A returning user's first screen comes before the network (ARCHITECTURE §9, issue 18): the session check,
// the live event stream and the first sync start once the signed-in shell's first screen is painted, so
// nothing on the path to it waits on, or competes with, a request (an offline reload's requests fail only
// after it). The shell opens the gate; a bound opens it anyway.
const MAX_WAIT_MS = 400;

let open = false;
const waiting: (() => void)[] = [];

function openGate(): void {
  if (open) return;
  open = true;
  for (const resolve of waiting.splice(0)) resolve();
}

/** The signed-in shell's first screen is committed: the gate opens once that frame is painted. */
export function firstScreenCommitted(): void {
  if (open) return;
  const frame = globalThis.requestAnimationFrame ?? ((cb: () => void) => setTimeout(cb, 16));
  frame(() => setTimeout(openGate, 0));
}

/** Resolves once the first screen is painted, or MAX_WAIT_MS after the first caller asked. */
export function afterFirstScreen(): Promise<void> {
  if (open) return Promise.resolve();
  return new Promise((resolve) => {
    waiting.push(resolve);
    setTimeout(openGate, MAX_WAIT_MS);
  });
}
