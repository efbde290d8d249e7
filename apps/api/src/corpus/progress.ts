/** What the ingestion reports while it runs; the server shows it to clients while a first ingest prepares the corpus. */
export interface IngestProgress {
  phase: 'hashing' | 'loading' | 'indexing' | 'building-index' | 'publishing' | 'switching' | 'done';
  /** 0–100 over the whole run. */
  percent: number;
  records: number;
  bytes: number;
  totalBytes: number;
  elapsedMs: number;
}

const BAR_WIDTH = 28;

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${(n / 1024).toFixed(0)} kB`;
}

/**
 * A terminal progress bar with counts and throughput. On a TTY it redraws one line; otherwise (CI, logs) it prints
 * a line at most every `intervalMs`.
 */
export function createProgressBar(stream: NodeJS.WriteStream = process.stderr, intervalMs = 2000) {
  let lastPrint = 0;
  let lastPhase = '';
  return {
    update(p: IngestProgress) {
      const now = Date.now();
      const phaseChanged = p.phase !== lastPhase;
      if (!stream.isTTY && !phaseChanged && now - lastPrint < intervalMs && p.phase !== 'done') return;
      lastPrint = now;
      lastPhase = p.phase;
      const filled = Math.round((p.percent / 100) * BAR_WIDTH);
      const bar = '█'.repeat(filled) + '░'.repeat(BAR_WIDTH - filled);
      const seconds = Math.max(p.elapsedMs / 1000, 0.001);
      const rate = `${Math.round(p.records / seconds).toLocaleString('en')} rec/s, ${formatBytes(p.bytes / seconds)}/s`;
      const line =
        `${bar} ${p.percent.toFixed(0).padStart(3)}% ${p.phase.padEnd(14)} ` +
        `${p.records.toLocaleString('en')} records, ${formatBytes(p.bytes)} of ${formatBytes(p.totalBytes)} ` +
        `(${rate}) ${seconds.toFixed(0)} s`;
      if (stream.isTTY) stream.write(`\r${line}\x1b[K${p.phase === 'done' ? '\n' : ''}`);
      else stream.write(`${line}\n`);
    },
  };
}
