import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { z } from 'zod';

export interface CorpusFile {
  /** Path relative to the corpus root, e.g. bibles/kjv.jsonl */
  relPath: string;
  absPath: string;
  bytes: number;
}

export interface BadLine {
  file: string;
  line: number;
  reason: string;
}

/** The files the ingestion reads, in a stable order. */
export function listCorpusFiles(root: string): CorpusFile[] {
  if (!fs.existsSync(path.join(root, 'books.json'))) {
    throw new Error(`No corpus at ${root} (books.json missing): set CORPUS_DIR`);
  }
  const files: string[] = ['books.json', 'crossrefs.tsv'];
  for (const dir of ['bibles', 'reference', 'devotionals', 'plans']) {
    const full = path.join(root, dir);
    if (!fs.existsSync(full)) continue;
    for (const name of fs.readdirSync(full).sort()) {
      if (/\.(jsonl|json)$/.test(name)) files.push(`${dir}/${name}`);
    }
  }
  return files
    .filter((rel) => fs.existsSync(path.join(root, rel)))
    .map((rel) => ({ relPath: rel, absPath: path.join(root, rel), bytes: fs.statSync(path.join(root, rel)).size }));
}

/** A hash of every file's name and content: the same corpus gives the same hash, any change a new one. */
export async function hashCorpus(files: CorpusFile[], schemaVersion: string): Promise<string> {
  const hash = createHash('sha256').update(schemaVersion);
  for (const file of files) {
    hash.update(`\0${file.relPath}\0${file.bytes}\0`);
    await new Promise<void>((resolve, reject) => {
      fs.createReadStream(file.absPath)
        .on('data', (chunk) => hash.update(chunk))
        .on('end', resolve)
        .on('error', reject);
    });
  }
  return hash.digest('hex');
}

/** The lines of a text file with their 1-based numbers; `onBytes` reports progress. */
async function* numberedLines(file: CorpusFile, onBytes: (n: number) => void): AsyncGenerator<[number, string]> {
  const lines = readline.createInterface({ input: fs.createReadStream(file.absPath, 'utf8'), crlfDelay: Infinity });
  let lineNo = 0;
  for await (const line of lines) {
    lineNo += 1;
    onBytes(Buffer.byteLength(line, 'utf8') + 1);
    if (line.trim() !== '') yield [lineNo, line];
  }
}

function check<T>(schema: z.ZodType<T>, value: unknown, file: CorpusFile, line: number, bad: BadLine[]): T | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  bad.push({ file: file.relPath, line, reason: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}` });
  return undefined;
}

/**
 * Reads a JSONL file line by line, validating each record. A bad line is reported with its file and line number
 * and skipped; `onBytes` reports progress.
 */
export async function* readJsonl<T>(
  file: CorpusFile,
  schema: z.ZodType<T>,
  bad: BadLine[],
  onBytes: (n: number) => void,
): AsyncGenerator<T & { line: number }> {
  for await (const [lineNo, line] of numberedLines(file, onBytes)) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      bad.push({ file: file.relPath, line: lineNo, reason: `invalid JSON: ${(error as Error).message}` });
      continue;
    }
    const record = check(schema, value, file, lineNo, bad);
    if (record !== undefined) yield { ...record, line: lineNo };
  }
}

/** Reads the tab-separated cross-references (header line first). */
export async function* readTsv<T>(
  file: CorpusFile,
  toRecord: (cells: string[]) => unknown,
  schema: z.ZodType<T>,
  bad: BadLine[],
  onBytes: (n: number) => void,
): AsyncGenerator<T> {
  for await (const [lineNo, line] of numberedLines(file, onBytes)) {
    if (lineNo === 1) continue;
    const record = check(schema, toRecord(line.split('\t')), file, lineNo, bad);
    if (record !== undefined) yield record;
  }
}

/** Reads a whole-JSON file (books.json, plans, *.meta.json), reporting it as one bad line when invalid. */
export function readJson<T>(file: CorpusFile, schema: z.ZodType<T>, bad: BadLine[]): T | undefined {
  try {
    return check(schema, JSON.parse(fs.readFileSync(file.absPath, 'utf8')), file, 1, bad);
  } catch (error) {
    bad.push({ file: file.relPath, line: 1, reason: `invalid JSON: ${(error as Error).message}` });
  }
  return undefined;
}
