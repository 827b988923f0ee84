// Parses YAML samples with the yaml package; every document of a sample must parse without errors.
import { parseAllDocuments } from 'yaml';
import { main } from './io.mjs';

main(async (samples) => samples.flatMap((s) => {
  const problems = [];
  for (const doc of parseAllDocuments(s.code, { prettyErrors: true })) {
    for (const err of doc.errors) {
      const line = err.linePos && err.linePos[0] ? err.linePos[0].line : 0;
      problems.push({ id: s.id, line, message: err.message.split('\n')[0] });
    }
  }
  return problems;
}));
