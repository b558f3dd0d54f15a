// The test mail server itself: a client cut off mid-message (an app instance killed with kill -9) must not take
// the test process down with it.
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from './smtp-server';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

/** Opens a connection, sends `lines` one answer at a time, and resolves with the socket once all are answered. */
async function talk(lines: string[]): Promise<net.Socket> {
  const { hostname, port } = new URL(smtp.url);
  const socket = net.connect(Number(port), hostname);
  socket.on('error', () => undefined);
  const answers: string[] = [];
  let pending = '';
  const answered = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (answers.length >= n) {
          socket.off('data', onData);
          resolve();
        }
      };
      const onData = (chunk: Buffer) => {
        pending += chunk.toString('utf8');
        // A multi-line answer ends with a line whose code is followed by a space.
        for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
          const line = pending.slice(0, end);
          pending = pending.slice(end + 2);
          if (/^\d{3} /.test(line)) answers.push(line);
        }
        check();
      };
      socket.on('data', onData);
      check();
    });
  await answered(1);
  for (const [i, line] of lines.entries()) {
    socket.write(`${line}\r\n`);
    await answered(i + 2);
  }
  return socket;
}

it('takes a client cut off in the middle of a message as an undelivered mail, not a crash', async () => {
  // The server has taken DATA and waits for the message: the sender is gone before any of it arrives.
  const socket = await talk(['EHLO app', 'MAIL FROM:<app@example.com>', 'RCPT TO:<cut@example.com>', 'DATA']);
  const closed = new Promise((resolve) => socket.on('close', resolve));
  // A reset (RST), as the kernel sends for a process killed with kill -9 that held the connection.
  socket.resetAndDestroy();
  await closed;

  // The server still takes mail: a later message arrives whole, and the cut one was never delivered.
  const next = await talk(['EHLO app', 'MAIL FROM:<app@example.com>', 'RCPT TO:<whole@example.com>', 'DATA']);
  next.write('Subject: whole\r\n\r\nAll of it\r\n.\r\n');
  await expect.poll(() => smtp.mailsTo('whole@example.com').length).toBe(1);
  next.end();
  expect(smtp.mailsTo('cut@example.com')).toEqual([]);
});
