// The third client of a load benchmark in a process of its own (heavy-html.ts): a student's idle delta sync,
// one request at a time, 20 ms apart, from the moment it starts until the parent says 'stop'; then it
// sends back each request's latency and status. Its own process, so the bench's other work (sending a
// 30 MB import) cannot stall the client it measures.
const { BASE, COOKIE, PATH } = process.env;
let running = true;
const samples = [];
process.on('message', (m) => {
  if (m === 'stop') running = false;
});
process.send?.('ready');
while (running) {
  const t0 = performance.now();
  let status;
  try {
    const res = await fetch(`${BASE}${PATH}`, { headers: { cookie: COOKIE } });
    await res.text();
    status = res.status;
  } catch {
    status = 0; // no answer: counted as an error
  }
  samples.push({ ms: performance.now() - t0, status });
  await new Promise((r) => setTimeout(r, 20));
}
process.send?.({ samples }, () => process.exit(0));
