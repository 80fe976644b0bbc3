import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";

// A local server speaking the OpenAI chat-completions protocol (POST /v1/chat/completions), for the
// AI helper's tests. The last user message picks how it answers:
//   "[whole]"     one JSON document (a server that ignores stream: true)
//   "[malformed]" server-sent events whose data is not a completion chunk
//   "[notjson]"   a 200 whose body is not the protocol at all (an HTML page)
//   "[nochoices]" a 200 JSON document without choices
//   "[error500]"  a 500 with a JSON error
//   "[redirect]"  a 307 to this same address (followed, it would be a second request)
//   "[hangup]"    the connection closed before any answer
//   "[drop]"      one piece, then the connection closed
//   "[silent]"    the stream's headers, then silence for `slowMs`
//   "[slow]"      one piece, then silence for `slowMs` before the rest
//   "[pause]"     one piece, then the rest after `pauseMs` (a reply seen growing)
//   anything else a streamed reply in several pieces, ending with [DONE]
// The reply says whether the request carried the problem's statement and the learner's code.

export interface ChatRequestSeen {
  authorization: string | undefined;
  body: { model: string; stream: boolean; messages: Array<{ role: string; content: string }> };
}

export interface ChatServer {
  url: string;
  requests: ChatRequestSeen[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let s = "";
    req.setEncoding("utf8");
    req.on("data", (d: string) => (s += d));
    req.on("end", () => resolve(s));
    req.on("error", reject);
  });
}

/** The pieces of the reply to a request. */
export function replyPieces(body: ChatRequestSeen["body"]): string[] {
  const system = body.messages.filter((m) => m.role === "system").map((m) => m.content).join("\n");
  const last = [...body.messages].reverse().find((m) => m.role === "user")?.content ?? "";
  const code = /```\n([\s\S]*?)\n```/.exec(system)?.[1] ?? "";
  const problem = /^Problem ([^\s:]+)/m.exec(system)?.[1] ?? "none";
  return ["Tutor reply", ` about ${problem}`, `; code lines: ${code ? code.split("\n").length : 0}`, `; turns: ${body.messages.filter((m) => m.role !== "system").length}`, `; you asked: ${last.slice(0, 60)}`];
}

export async function startChatServer(opts: { slowMs?: number; pauseMs?: number } = {}): Promise<ChatServer> {
  const requests: ChatRequestSeen[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const body = JSON.parse(await readBody(req)) as ChatRequestSeen["body"];
      requests.push({ authorization: req.headers.authorization, body });
      const last = [...body.messages].reverse().find((m) => m.role === "user")?.content ?? "";
      const pieces = replyPieces(body);
      const chunk = (text: string) => `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", model: body.model, choices: [{ index: 0, delta: { content: text }, finish_reason: null }] })}\n\n`;
      if (last.includes("[whole]")) {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ id: "c1", object: "chat.completion", model: body.model, choices: [{ index: 0, message: { role: "assistant", content: pieces.join("") }, finish_reason: "stop" }] }));
        return;
      }
      if (last.includes("[notjson]")) {
        res.writeHead(200, { "Content-Type": "text/html" }).end("<html>gateway error</html>");
        return;
      }
      if (last.includes("[nochoices]")) {
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ id: "c1", object: "chat.completion", model: body.model }));
        return;
      }
      if (last.includes("[error500]")) {
        res.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { message: "the model crashed" } }));
        return;
      }
      if (last.includes("[redirect]")) {
        res.writeHead(307, { Location: "/v1/chat/completions" }).end();
        return;
      }
      if (last.includes("[hangup]")) {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
      if (last.includes("[silent]")) {
        res.flushHeaders();
        await new Promise((r) => setTimeout(r, opts.slowMs ?? 5000));
        res.end();
        return;
      }
      res.write(`: keep-alive\n\ndata: ${JSON.stringify({ choices: [{ index: 0, delta: { role: "assistant" } }] })}\n\n`);
      if (last.includes("[malformed]")) {
        res.end(`data: {"unexpected": true}\n\ndata: [DONE]\n\n`);
        return;
      }
      res.write(chunk(pieces[0]));
      if (last.includes("[drop]")) {
        await new Promise((r) => setTimeout(r, 50));
        req.socket.destroy();
        return;
      }
      if (last.includes("[slow]") || last.includes("[pause]")) {
        await new Promise((r) => setTimeout(r, last.includes("[slow]") ? (opts.slowMs ?? 5000) : (opts.pauseMs ?? 1500)));
        if (res.destroyed) return;
      }
      // The rest split unevenly across writes, as real servers do.
      const rest = pieces.slice(1).map(chunk).join("");
      const cut = Math.floor(rest.length / 2) + 3;
      res.write(rest.slice(0, cut));
      await new Promise((r) => setTimeout(r, 20));
      res.end(`${rest.slice(cut)}data: [DONE]\n\n`);
    })().catch(() => res.destroy());
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
