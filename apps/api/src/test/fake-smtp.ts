import { createServer, type Server } from 'node:net';

export type FakeSmtp = {
  port: number;
  /** Message-IDs of the mails accepted, in order (a mail delivered twice appears twice). */
  received: string[];
  /** The mails accepted, in order: their recipients (RCPT TO) and their text. */
  mails: { to: string[]; data: string }[];
  /** Mails whose DATA arrived and whose answer is still held back (a delivery in progress). */
  inProgress: () => number;
  close: () => Promise<void>;
};

/**
 * A minimal SMTP server for tests of the real process (SMTP_URL=smtp://127.0.0.1:<port>): accepts
 * every mail, answering its DATA only after `delayMs`, like a slow mail server, and records it.
 * `stallsOn(n)` true: the n-th mail's DATA (counting from 1) is never answered and the connection
 * stays open and silent, like a hung server; that mail is not recorded.
 */
export async function startFakeSmtp(
  opts: { delayMs?: number; stallsOn?: (mail: number) => boolean } = {},
): Promise<FakeSmtp> {
  const received: string[] = [];
  const mails: FakeSmtp['mails'] = [];
  let pending = 0;
  let dataCount = 0;
  const server: Server = createServer((socket) => {
    socket.on('error', () => {});
    socket.write('220 fake.smtp ESMTP\r\n');
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          const recipients = to;
          to = [];
          dataCount++;
          if (opts.stallsOn?.(dataCount)) continue;
          pending++;
          setTimeout(() => {
            pending--;
            received.push(/^Message-ID:\s*(\S+)/im.exec(message)?.[1] ?? '(none)');
            mails.push({ to: recipients, data: message });
            if (!socket.destroyed) socket.write('250 2.0.0 queued\r\n');
          }, opts.delayMs ?? 0);
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake.smtp\r\n');
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          socket.write('250 OK\r\n');
        } else if (verb === 'RSET') {
          to = [];
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    received,
    mails,
    inProgress: () => pending,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // idle pooled connections of a server still running would keep it open
        setTimeout(resolve, 500).unref();
      }),
  };
}
