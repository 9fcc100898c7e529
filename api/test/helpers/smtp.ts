// A fake SMTP server for the tests that send mail through SMTP_URL.
import { createServer, type Server, type Socket } from 'node:net';

/** Just enough of an SMTP server for nodemailer: no TLS, no auth; keeps what it is given. */
export function fakeSmtp(): Promise<{
  server: Server;
  port: number;
  messages: string[];
  /** Every message offered, refused ones included. */
  offered: { count: number };
  refuse: { on: boolean };
}> {
  const messages: string[] = [];
  const offered = { count: 0 };
  const refuse = { on: false };
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let data = '';
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake.smtp ESMTP');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            offered.count += 1;
            if (refuse.on) {
              reply('554 5.7.1 refused');
            } else {
              messages.push(data);
              reply('250 2.0.0 queued');
            }
            data = '';
          } else {
            data += `${line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250 fake.smtp');
        else if (verb === 'HELO') reply('250 fake.smtp');
        else if (verb === 'DATA') {
          inData = true;
          reply('354 go on');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 OK');
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        port: typeof address === 'object' && address ? address.port : 0,
        messages,
        offered,
        refuse,
      });
    });
  });
}
