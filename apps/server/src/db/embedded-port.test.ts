// Two servers on one machine: when the embedded PostgreSQL's default port is taken and
// EMBEDDED_PG_PORT is unset, a free port is chosen and remembered in the data directory; a taken
// EMBEDDED_PG_PORT is an error that names the setting.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { chooseEmbeddedPort, embeddedPort, portFree, rememberedPortFile } from './embedded-port.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'zan-embedded-port-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** Another program listening on 127.0.0.1: returns its port. */
async function occupy(port = 0): Promise<number> {
  const srv = net.createServer();
  servers.push(srv);
  await new Promise<void>((resolve) => srv.listen(port, '127.0.0.1', resolve));
  const addr = srv.address();
  if (typeof addr !== 'object' || !addr) throw new Error('no address');
  return addr.port;
}

async function release(port: number): Promise<void> {
  const i = servers.findIndex((s) => {
    const a = s.address();
    return typeof a === 'object' && a?.port === port;
  });
  const [srv] = servers.splice(i, 1);
  await new Promise((r) => srv!.close(r));
}

let n = 0;
const pgDir = () => path.join(work, `data-${++n}`, 'pg');

describe('embedded PostgreSQL port', () => {
  it('uses the default port when it is free, and remembers nothing', async () => {
    const free = await occupy();
    await release(free);
    const dir = pgDir();
    expect(await chooseEmbeddedPort(dir, undefined, { fallback: free })).toBe(free);
    expect(fs.existsSync(rememberedPortFile(dir))).toBe(false);
  });

  it('picks a free port when the default is taken, remembers it, and the same data directory reuses it', async () => {
    const taken = await occupy();
    const dir = pgDir();
    const logs: string[] = [];
    const chosen = await chooseEmbeddedPort(dir, undefined, { fallback: taken, log: (m) => logs.push(m) });
    expect(chosen).not.toBe(taken);
    expect(await portFree(chosen)).toBe(true);
    expect(fs.readFileSync(path.join(path.dirname(dir), 'embedded-pg-port'), 'utf8')).toBe(`${chosen}\n`);
    expect(logs.join('\n')).toContain('EMBEDDED_PG_PORT');
    // Tools that reach the running server, and the next start, find the remembered port even once
    // the default is free again.
    await release(taken);
    expect(embeddedPort(dir, undefined, taken)).toBe(chosen);
    expect(await chooseEmbeddedPort(dir, undefined, { fallback: taken })).toBe(chosen);
  });

  it('EMBEDDED_PG_PORT wins over a remembered port, and a taken one is an error naming the setting', async () => {
    const dir = pgDir();
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(rememberedPortFile(dir), '40000\n');
    const taken = await occupy();
    expect(embeddedPort(dir, taken)).toBe(taken);
    await expect(chooseEmbeddedPort(dir, taken)).rejects.toThrow(
      `Port ${taken} (EMBEDDED_PG_PORT) is taken by another program`,
    );
  });
});
