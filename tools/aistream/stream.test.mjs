// Parses the Ask AI streams that internal/assistant writes (its golden transcripts) with the AI
// SDK's own code: DefaultChatTransport's parser, which applies the strict UI message chunk schemas
// that useChat uses, then readUIMessageStream, which assembles the message the UI renders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DefaultChatTransport, readUIMessageStream, validateUIMessages } from 'ai';

const here = dirname(fileURLToPath(import.meta.url));
const testdata = process.env.AISTREAM_TESTDATA ?? join(here, '..', '..', 'internal', 'assistant', 'testdata');

function bodyStream(text) {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      // Split into small pieces so the SSE parser has to join events across reads.
      for (let i = 0; i < bytes.length; i += 97) controller.enqueue(bytes.slice(i, i + 97));
      controller.close();
    },
  });
}

// parse returns the chunks of a stream, failing on any chunk the schemas reject.
async function parse(text) {
  const transport = new DefaultChatTransport();
  const chunks = [];
  const reader = transport.processResponseStream(bodyStream(text)).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return chunks;
}

async function assemble(chunks) {
  const errors = [];
  const stream = new ReadableStream({
    start(c) {
      for (const ch of chunks) c.enqueue(ch);
      c.close();
    },
  });
  let message;
  for await (const m of readUIMessageStream({ stream, onError: (e) => errors.push(e) })) message = m;
  return { message, errors };
}

const files = readdirSync(testdata).filter((f) => f.endsWith('.txt')).sort();

// The message the AI SDK assembles from each transcript (up to its error chunk, for a failed answer),
// as JSON: the web app's own stream client must build the same (web/src/assistant/__tests__).
const assembledFile = join(testdata, 'assembled.json');
const assembled = {};

test('there are golden streams to check', () => {
  assert.ok(files.length >= 3, `no golden streams found in ${testdata}`);
});

for (const file of files) {
  test(`${file} parses with ai's UI message chunk schemas`, async () => {
    const text = readFileSync(join(testdata, file), 'utf8');
    assert.ok(text.endsWith('data: [DONE]\n\n'), 'ends with [DONE]');
    const chunks = await parse(text);
    assert.equal(chunks[0].type, 'start');
    const { message, errors } = await assemble(chunks);
    assembled[file] = JSON.parse(JSON.stringify(message));
    const failed = chunks.at(-1).type === 'error';
    if (failed) {
      assert.equal(errors.length, 1, 'the error chunk reaches onError');
      assert.ok(errors[0].message.length > 0);
      return;
    }
    assert.deepEqual(errors, []);
    assert.equal(chunks.at(-1).type, 'finish');
    assert.equal(message.role, 'assistant');
    const parts = message.parts;
    // After the text may come the highlighted form of its code blocks, as data parts.
    const code = parts.filter((p) => p.type === 'data-tz-code');
    for (const c of code) {
      assert.ok(typeof c.data.lang === 'string' && typeof c.data.code === 'string' && typeof c.data.html === 'string', 'a code part has lang, code and html');
    }
    const last = parts.filter((p) => p.type !== 'data-tz-code').at(-1);
    assert.equal(last.type, 'text', 'the answer ends with text');
    for (const c of code) assert.ok(last.text.includes(c.data.code), 'a code part is a block of the answer text');
    assert.equal(last.state, 'done');
    assert.ok(last.text.length > 0);
    const calls = parts.filter((p) => p.type === 'tool-searchIndex');
    assert.ok(calls.length > 0, 'at least one search');
    for (const c of calls) {
      assert.equal(c.state, 'output-available');
      assert.equal(typeof c.input.query, 'string');
      assert.equal(c.output.query, c.input.query);
      assert.ok(Array.isArray(c.output.hits));
    }
    // The assembled message is a valid UI message, so it can be sent back as history.
    await validateUIMessages({ messages: [{ id: 'q', role: 'user', parts: [{ type: 'text', text: 'q' }] }, message] });
  });
}

const noRecord = process.env.AISTREAM_TESTDATA !== undefined && !existsSync(assembledFile);
test('the assembled messages are the ones testdata/assembled.json records', { skip: noRecord && 'no assembled.json beside these transcripts' }, () => {
  assert.equal(Object.keys(assembled).length, files.length, 'every transcript was assembled');
  if (process.env.AISTREAM_UPDATE === '1') {
    writeFileSync(assembledFile, JSON.stringify(assembled, null, 1) + '\n');
    return;
  }
  const want = JSON.parse(readFileSync(assembledFile, 'utf8'));
  assert.deepEqual(assembled, want, 'a transcript changed: rewrite the record with AISTREAM_UPDATE=1 node --test tools/aistream/');
});

test('a history the web app sends is valid for the AI SDK', async () => {
  const body = JSON.parse(readFileSync(join(testdata, 'history.json'), 'utf8'));
  await validateUIMessages({ messages: body.messages });
});

test('a chunk with an unknown field is rejected (the check can fail)', async () => {
  const bad = 'data: {"type":"start","messageId":"m","extra":1}\n\ndata: [DONE]\n\n';
  await assert.rejects(parse(bad));
});
