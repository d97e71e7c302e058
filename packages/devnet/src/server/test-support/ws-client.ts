import WebSocket from 'ws';
import { parseJson } from '../../chain/json.js';

/** A bare WebSocket JSON-RPC client, to look at raw frames and send what the Ogmios client never sends. */
export class RawClient {
  private readonly received: string[] = [];
  private readonly waiters: Array<() => void> = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.received.push(String(data));
      this.waiters.splice(0).forEach((wake) => wake());
    });
  }

  static async connect(url: string): Promise<RawClient> {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return new RawClient(socket);
  }

  send(message: string | object): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next `count` raw messages. */
  async texts(count: number): Promise<string[]> {
    while (this.received.length < count) await new Promise<void>((wake) => this.waiters.push(wake));
    return this.received.splice(0, count);
  }

  async next(): Promise<Record<string, any>> {
    const [text] = await this.texts(1);
    return parseJson(text) as Record<string, any>;
  }

  /** Whether a message arrives within `ms`. */
  async quietFor(ms: number): Promise<boolean> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return this.received.length === 0;
  }

  close(): void {
    this.socket.close();
  }
}
