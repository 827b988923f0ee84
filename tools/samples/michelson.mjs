// Validates Michelson samples with @taquito/michel-codec: whole contracts (parameter, storage and
// code sections) are parsed and type-checked; anything else must parse, and each top-level item must
// be a valid instruction, type, data value or contract section.
//
// It uses the newest michel-codec ("michel-codec-latest", an npm alias), which knows the newest
// protocol's instructions, while the TypeScript samples compile against the Taquito major the pages
// tell readers to install.
import codec from 'michel-codec-latest';
import { main, lineOf } from './io.mjs';

const {
  Parser, Contract, DefaultProtocol, sourceReference,
  assertMichelsonInstruction, assertMichelsonType, assertMichelsonData,
} = codec;

const sections = new Set(['parameter', 'storage', 'code', 'view']);

function hasGlobalConstant(e) {
  if (Array.isArray(e)) return e.some(hasGlobalConstant);
  if (e && typeof e === 'object' && 'prim' in e) {
    return e.prim === 'constant' || (e.args || []).some(hasGlobalConstant);
  }
  return false;
}

function position(err, code) {
  if (err && err.token && typeof err.token.first === 'number') return lineOf(code, err.token.first);
  if (err && typeof err.idx === 'number') return lineOf(code, err.idx);
  const ref = err && err.val && typeof err.val === 'object' ? err.val[sourceReference] : undefined;
  if (ref) return lineOf(code, ref.first);
  return 0;
}

function describe(err) {
  let msg = (err && err.message) || String(err);
  if (err && err.val !== undefined && typeof codec.formatError === 'function' && err instanceof codec.MichelsonError) {
    try {
      const detail = codec.formatError(err).trim().split('\n').slice(0, 6).join(' | ');
      if (detail) msg += ` (${detail})`;
    } catch { /* keep the plain message */ }
  }
  return msg.replace(/\s+/g, ' ').trim();
}

// tryAll returns null when one of the checks accepts e, else the first check's error.
function tryAll(e, checks) {
  let first = null;
  for (const check of checks) {
    try {
      check(e);
      return null;
    } catch (err) {
      first = first || err;
    }
  }
  return first;
}

function checkOne(s) {
  const opts = { expandMacros: true, protocol: DefaultProtocol };
  let items;
  try {
    items = new Parser(opts).parseScript(s.code);
  } catch (err) {
    return [{ id: s.id, line: position(err, s.code), message: `parse error: ${describe(err)}` }];
  }
  if (!items || items.length === 0) return [{ id: s.id, line: 0, message: 'empty Michelson sample' }];

  const names = items.map((e) => (e && typeof e === 'object' && 'prim' in e ? e.prim : ''));
  const isSections = names.every((n) => sections.has(n));
  if (isSections && ['parameter', 'storage', 'code'].every((n) => names.includes(n))) {
    if (hasGlobalConstant(items)) {
      return [{ id: s.id, line: 0, skipped: true, message: 'type-check skipped: the contract uses a global constant whose value is not known here' }];
    }
    try {
      new Contract(items, opts);
      return [];
    } catch (err) {
      return [{ id: s.id, line: position(err, s.code), message: `type error: ${describe(err)}` }];
    }
  }
  const problems = [];
  for (const e of items) {
    let err;
    if (isSections) {
      const args = e.args || [];
      if (e.prim === 'code') err = tryAll(args[0], [assertMichelsonInstruction]);
      else if (e.prim === 'view') err = args.length === 4 ? tryAll(args[3], [assertMichelsonInstruction]) : new Error('view needs a name, an input type, an output type and code');
      else err = tryAll(args[0], [assertMichelsonType]);
    } else if (items.length === 1) {
      err = tryAll(e, [assertMichelsonInstruction, assertMichelsonType, assertMichelsonData]);
    } else {
      err = tryAll(e, [assertMichelsonInstruction]);
    }
    if (err) problems.push({ id: s.id, line: position(err, s.code) || position({ val: e }, s.code), message: `invalid: ${describe(err)}` });
  }
  return problems;
}

main(async (samples) => samples.flatMap(checkOne));
