// Objects as files in a folder: the default store, and the layout the site
// has always had (DATA_DIR/uploads, DATA_DIR/submissions).
import fs from "node:fs/promises";
import path from "node:path";
import type { ObjectStore, StoredEntry } from "./storage.server";

/** Unfinished writes: never objects of their own. */
const TEMPORARY = /\.tmp$/;

export class DiskStore implements ObjectStore {
  constructor(readonly dir: string) {}

  /** The file behind a key, refusing any key that would leave the folder. */
  private file(key: string) {
    const file = path.resolve(this.dir, key);
    if (!file.startsWith(path.resolve(this.dir) + path.sep)) throw new Error(`not a key of this store: ${key}`);
    return file;
  }

  async put(key: string, bytes: Buffer) {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Whole or not at all: a reader never sees half a file.
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      await fs.writeFile(temporary, bytes);
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async read(key: string) {
    return fs.readFile(this.file(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ENOTDIR" || error.code === "EISDIR") return null;
      throw error;
    });
  }

  async remove(key: string) {
    await fs.rm(this.file(key), { force: true });
  }

  async has(key: string) {
    return fs.stat(this.file(key)).then(
      (stat) => stat.isFile(),
      () => false,
    );
  }

  async *list(): AsyncIterable<StoredEntry> {
    const entries = await fs.readdir(this.dir, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || TEMPORARY.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const { size } = await fs.stat(file);
      yield { key: path.relative(this.dir, file).split(path.sep).join("/"), size };
    }
  }

  folder(name: string) {
    return new DiskStore(this.file(name));
  }
}
