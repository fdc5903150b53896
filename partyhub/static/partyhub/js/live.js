// The live connection of one screen: reconnects by itself, keeps the newest frame, asks for a
// snapshot when it sees a gap in versions. The server keeps the socket alive with WebSocket pings
// of its own (the browser answers them), so the screen sends none. While the server cannot reach
// the other screens' servers it says so ("net" frames), and the screen shows it is reconnecting
// until a fresh snapshot follows. The audience's frames come coalesced (versions skipped on
// purpose, "you" left out): no snapshot is asked for a gap, and the phone keeps its own "you".

export function connect(path, { onFrame, onError, onNotice, onNet, onGone, onReply, onTally, onVoted }) {
  let socket = null;
  let version = null;
  let you = null;
  let retry = 0;
  let stopped = false;
  let retryAfter = 0; // seconds a limit's refusal ("rate_limited") asks to wait before trying again

  function url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}${path}`;
  }

  function open() {
    if (stopped) return;
    socket = new WebSocket(url());
    onNet("connecting");
    socket.onopen = () => {
      retry = 0;
      onNet("open");
    };
    socket.onmessage = (event) => {
      let frame;
      try { frame = JSON.parse(event.data); } catch { return; }
      if (frame.type === "state" && frame.coalesced) {
        if (version !== null && frame.version < version) return;
        if (you && !you.audience) return; // seated since ("play again"): its own frames count
        version = frame.version;
        onFrame({ ...frame, you });
      } else if (frame.type === "state") {
        if (version !== null && frame.version < version) return; // an older frame, late
        if (version !== null && frame.version > version + 1) send({ type: "sync" });
        version = frame.version;
        you = frame.you;
        onFrame(frame);
      } else if (frame.type === "tally") {
        if (onTally) onTally(frame);
      } else if (frame.type === "voted") {
        if (onVoted) onVoted(frame);
      } else if (frame.type === "error") {
        if (frame.retry_after) retryAfter = frame.retry_after;
        onError(frame);
      } else if (frame.type === "notice") {
        onNotice(frame);
      } else if (frame.type === "net") {
        onNet(frame.status === "ok" ? "open" : "degraded");
      } else if (frame.type === "kicked" || frame.type === "handed" || frame.type === "closed") {
        stopped = true;
        onGone(frame.type);
      } else if (frame.type === "handover") {
        onReply(frame);
      }
    };
    socket.onclose = (event) => {
      const gone = { 4403: "kicked", 4404: "missing", 4409: "handed", 4410: "closed" }[event.code];
      if (gone && !stopped) { stopped = true; onGone(gone); } // once: its frame may have come first
      if (stopped) return;
      onNet("closed");
      // Too many connections from this network (4429): wait as long as the server said.
      // 4012: the server is restarting and the proxy has another ready; come back at once,
      // spread over a quarter second so that its screens do not all arrive in one instant.
      const delay = event.code === 4429 ? Math.max(retryAfter, 1) * 1000
        : event.code === 4012 ? Math.random() * 250 : Math.min(5000, 300 * 2 ** retry++);
      setTimeout(open, delay);
    };
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  // A phone waking up or coming back to the tab reconnects at once instead of waiting.
  function wake() {
    if (document.visibilityState !== "visible" || stopped) return;
    if (!socket || socket.readyState === WebSocket.CLOSED) open();
    else if (socket.readyState === WebSocket.OPEN) send({ type: "sync" });
  }
  document.addEventListener("visibilitychange", wake);
  window.addEventListener("online", wake);
  window.addEventListener("pageshow", wake);

  open();
  return { send, version: () => version };
}
