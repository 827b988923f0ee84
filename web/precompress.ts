// A Vite plugin that writes brotli and gzip forms beside each text asset of the client build
// (name.js.br, name.js.gz). The assets do not depend on the content, so they are compressed once
// here, at the highest levels, instead of on every `tzdocs build`; the Go build copies the sidecars
// it finds beside a file instead of compressing it again (internal/output, Output.CopyTree).
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompress, constants, gzip } from "node:zlib";
import { promisify } from "node:util";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text assets worth compressing; fonts and images are compressed already. */
const TEXT = /\.(?:js|mjs|css|svg|json|map|txt|html|xml)$/;
/** Below this size the sidecars save less than their headers cost (the Go build's rule too). */
export const MIN_BYTES = 1024;

/** Compresses one file into its two sidecars. */
export async function precompressFile(file: string): Promise<void> {
  const data = await readFile(file);
  if (data.length < MIN_BYTES) return;
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
}

export function precompress(): Plugin {
  return {
    name: "tzdocs-precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      if (this.environment.config.build.ssr) return;
      const dir = options.dir ?? "dist/client";
      const files = Object.keys(bundle).filter((name) => name.startsWith("assets/") && TEXT.test(name));
      await Promise.all(files.map((name) => precompressFile(path.join(dir, name))));
    },
  };
}
