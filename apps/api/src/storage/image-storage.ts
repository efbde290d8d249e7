import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The storage port for uploaded images. Keys are made by the server (storageKey), never from a file name, so a
 * key can neither climb out of its directory nor collide. Every adapter passes image-storage.test.ts.
 */
export interface ImageStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** null when absent. */
  get(key: string): Promise<Buffer | null>;
  /** Deleting an absent key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^images\/\d{4}-\d{2}\/[0-9a-f-]{36}\.(png|jpg|webp)$/;

export function storageKey(extension: 'png' | 'jpg' | 'webp', now = new Date()): string {
  return `images/${now.toISOString().slice(0, 7)}/${randomUUID()}.${extension}`;
}

export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}

/** The embedded default: files under root (DATA_DIR/uploads), written to a temporary name and renamed into place. */
export function createLocalImageStorage(root: string): ImageStorage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
      await fs.writeFile(temporary, bytes, { flag: 'wx' });
      await fs.rename(temporary, file);
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}
