// The register's journal check over 1,000,000 entries with node:crypto injected (issue 16 target: well
// under 5 s). Prints figures only; nothing here fails on a time. Run: npx tsx packages/domain/bench/register-check.ts
import { hash } from 'node:crypto';
import {
  appendEntry,
  checkJournal,
  type RegisterEntry,
  type RegisterEntryDraft,
} from '../src/register/index.ts';

const count = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const holders = 1000;
// crypto.hash (Node 20.12+) is a one-shot SHA-256, about twice as fast as createHash().update().digest().
const sha256 = (data: string) => hash('sha256', data, 'hex');
const bondId = 'BOND-2031';

const t0 = performance.now();
const entries: RegisterEntry[] = [];
let previous: RegisterEntry | null = null;
const base = Date.UTC(2026, 0, 1);
for (let i = 0; i < count; i++) {
  const recordedAt = new Date(base + i * 1000).toISOString();
  const draft: RegisterEntryDraft =
    i < holders
      ? {
          bondId,
          kind: 'mint',
          fromHolder: null,
          toHolder: String(i + 1),
          amount: 1_000_000,
          cause: { type: 'order', orderId: String(i + 1) },
          recordedAt,
        }
      : {
          bondId,
          kind: 'transfer',
          fromHolder: String((i % holders) + 1),
          toHolder: String(((i + 7) % holders) + 1),
          amount: 1,
          cause: { type: 'transfer_request', transferId: String(i) },
          recordedAt,
        };
  previous = appendEntry(previous, draft, sha256);
  entries.push(previous);
}
const built = performance.now() - t0;

const heapBefore = process.memoryUsage().heapUsed;
const cpu0 = process.cpuUsage();
const t1 = performance.now();
const result = checkJournal(entries, { bondId, totalSupply: holders * 1_000_000, sha256 });
const checked = performance.now() - t1;
const cpu = process.cpuUsage(cpu0);
const heapAfter = process.memoryUsage().heapUsed;

console.log(`journal of ${count.toLocaleString('en')} entries built in ${(built / 1000).toFixed(2)} s`);
console.log(
  `chain check: ${(checked / 1000).toFixed(2)} s (${Math.round(count / (checked / 1000)).toLocaleString('en')} entries/s), ` +
    `CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s (the figure to read on a shared machine), ` +
    `ok=${result.ok}, holders=${result.ok ? result.holders : '-'}, heap delta ${((heapAfter - heapBefore) / 1e6).toFixed(0)} MB`,
);
