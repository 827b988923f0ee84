import { mkdtemp, readFile, writeFile, access } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { MIN_BYTES, precompressFile } from "../../precompress";

describe("precompressFile", () => {
  it("writes brotli and gzip forms that decompress to the file", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "tz-precompress-"));
    const file = path.join(dir, "app.js");
    const text = "export const greeting = 'Tezos';\n".repeat(200);
    await writeFile(file, text);
    await precompressFile(file);
    expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(text);
    expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(text);
  });

  it("leaves files too small to gain alone", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "tz-precompress-"));
    const file = path.join(dir, "tiny.css");
    await writeFile(file, "a{}".repeat(MIN_BYTES / 4));
    await precompressFile(file);
    await expect(access(`${file}.br`)).rejects.toThrow();
    await expect(access(`${file}.gz`)).rejects.toThrow();
  });
});
