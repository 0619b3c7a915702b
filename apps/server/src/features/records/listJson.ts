import type { Envelope, QueryDataListValue } from '@pineguard/contract';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { RowsJson } from './listText.ts';

/*
 * The records list's answer as JSON. The descriptor's columns (a sixth of a page's bytes) are the
 * same object for every call of a table until the descriptor changes (context.ts remembers it),
 * so their JSON is made once per object; the page's rows, total and cursors are stringified per
 * call. The text is byte for byte JSON.stringify's of the whole envelope (list.test.ts checks).
 */
const columnsJson = new WeakMap<object, string>();

const keysOf = (o: unknown) => (o && typeof o === 'object' ? Object.keys(o).join() : '');

export const listJson: FastifySerializerCompiler<unknown> = () => (data) => {
  const { code, message, value } = data as Envelope<QueryDataListValue>;
  // Anything but a list's own envelope (an error's, say) exactly as JSON.stringify writes it.
  if (
    keysOf(data) !== 'code,message,value' ||
    keysOf(value) !== 'columnList,result' ||
    !Array.isArray(value.columnList)
  )
    return JSON.stringify(data);
  let columns = columnsJson.get(value.columnList);
  if (columns === undefined) columnsJson.set(value.columnList, (columns = JSON.stringify(value.columnList)));
  const { list } = value.result;
  // `list` is the result's first key: its placeholder is the text's first value.
  const result =
    list instanceof RowsJson
      ? `{"list":${list.text}${JSON.stringify({ ...value.result, list: 0 }).slice('{"list":0'.length)}`
      : JSON.stringify(value.result);
  return `{"code":${JSON.stringify(code)},"message":${JSON.stringify(message)},"value":{"columnList":${columns},"result":${result}}}`;
};
