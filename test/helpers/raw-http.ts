/** A GET over a plain socket that keeps the HTTP chunks of the answer apart, to see how it was streamed. */
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: string;
  chunks: string[];
  /** The chunks as bytes, for compressed answers. */
  rawChunks: Buffer[];
  body: string;
}

export function rawGet(port: number, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const lines = [
      `GET ${path} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Connection: close',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    let raw = Buffer.alloc(0);
    socket.on('data', (data) => (raw = Buffer.concat([raw, data])));
    socket.on('error', reject);
    socket.on('end', () => {
      const split = raw.indexOf('\r\n\r\n');
      const head = raw.subarray(0, split).toString('latin1');
      let rest = raw.subarray(split + 4);
      const rawChunks: Buffer[] = [];
      if (/transfer-encoding: chunked/i.test(head)) {
        for (;;) {
          const lineEnd = rest.indexOf('\r\n');
          const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
          if (!size) break;
          rawChunks.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
          rest = rest.subarray(lineEnd + 2 + size + 2);
        }
      } else {
        rawChunks.push(rest);
      }
      const chunks = rawChunks.map((chunk) => chunk.toString('utf8'));
      resolve({ status: Number(head.split(' ')[1]), headers: head, chunks, rawChunks, body: chunks.join('') });
    });
  });
}
