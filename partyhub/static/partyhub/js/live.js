// The live connection of one screen: reconnects by itself, keeps the newest frame, asks for a
// snapshot when it sees a gap in versions. The server keeps the socket alive with WebSocket pings
// of its own (the browser answers them), so the screen sends none. While the server cannot reach
// the other screens' servers it says so ("net" frames), and the screen shows it is reconnecting
// until a fresh snapshot follows. The audience's frames come coalesced (versions skipped on
// purpose, "you" left out): no snapshot is asked for a gap, and the phone keeps its own "you".

// A socket closed with one of these codes will not be let back in: the screen is told why, once.
const GONE_CODES = { 4403: "kicked", 4404: "missing", 4409: "handed", 4410: "closed" };
// Frames that end the screen's place in the room: it stops reconnecting.
const GONE_FRAMES = new Set(["kicked", "handed", "closed"]);

// `on`: the screen's handlers, onFrame, onError, onNotice, onNet, onGone and onReply, and if given
// onTally and onVoted (the audience's tally and this phone's own votes).
export function connect(path, on) {
  // The connection's state, shared with the frame handlers below (module functions, each small).
  const link = {
    socket: null,
    version: null, // the newest frame's
    you: null, // the screen's own, kept for the audience's frames (which leave it out)
    retry: 0, // failed attempts in a row: the backoff's
    retryAfter: 0, // seconds a limit's refusal ("rate_limited") asks to wait before trying again
    stopped: false, // gone for good: no more reconnecting
    send,
    on,
  };

  function open() {
    if (link.stopped) return;
    const socket = new WebSocket(socketUrl(path));
    link.socket = socket;
    on.onNet("connecting");
    socket.onopen = () => {
      link.retry = 0;
      on.onNet("open");
    };
    socket.onmessage = (event) => {
      let frame;
      try { frame = JSON.parse(event.data); } catch { return; }
      received(link, frame);
    };
    socket.onclose = (event) => {
      const gone = GONE_CODES[event.code];
      if (gone && !link.stopped) { link.stopped = true; on.onGone(gone); } // once: its frame may have come first
      if (link.stopped) return;
      on.onNet("closed");
      setTimeout(open, retryDelay(link, event.code));
    };
  }

  function send(message) {
    if (link.socket && link.socket.readyState === WebSocket.OPEN) {
      link.socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  // A phone waking up or coming back to the tab reconnects at once instead of waiting.
  function wake() {
    if (document.visibilityState !== "visible" || link.stopped) return;
    if (!link.socket || link.socket.readyState === WebSocket.CLOSED) open();
    else if (link.socket.readyState === WebSocket.OPEN) send({ type: "sync" });
  }
  document.addEventListener("visibilitychange", wake);
  window.addEventListener("online", wake);
  window.addEventListener("pageshow", wake);

  open();
  return { send, version: () => link.version };
}

function socketUrl(path) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}${path}`;
}

// How long to wait before reconnecting after a close with `code`. Too many connections from this
// network (4429): as long as the server said. 4012: the server is restarting and the proxy has
// another ready; come back at once, spread over a quarter second so that its screens do not all
// arrive in one instant. Otherwise a backoff that doubles with each failed attempt, to 5 s.
function retryDelay(link, code) {
  if (code === 4429) return Math.max(link.retryAfter, 1) * 1000;
  if (code === 4012) return Math.random() * 250;
  return Math.min(5000, 300 * 2 ** link.retry++);
}

// One frame from the server, handed to the screen's handler for its type.
function received(link, frame) {
  const { on } = link;
  if (frame.type === "state" && frame.coalesced) {
    audienceFrame(link, frame);
  } else if (frame.type === "state") {
    stateFrame(link, frame);
  } else if (frame.type === "tally") {
    if (on.onTally) on.onTally(frame);
  } else if (frame.type === "voted") {
    if (on.onVoted) on.onVoted(frame);
  } else if (frame.type === "error") {
    if (frame.retry_after) link.retryAfter = frame.retry_after;
    on.onError(frame);
  } else if (frame.type === "notice") {
    on.onNotice(frame);
  } else if (frame.type === "net") {
    on.onNet(frame.status === "ok" ? "open" : "degraded");
  } else if (GONE_FRAMES.has(frame.type)) {
    link.stopped = true;
    on.onGone(frame.type);
  } else if (frame.type === "handover") {
    on.onReply(frame);
  }
}

// A seat's (or the TV's) snapshot: an older one, late, is dropped; one past a gap in versions
// (frames missed) asks for a fresh snapshot. Its `you` is kept for the audience's frames.
function stateFrame(link, frame) {
  if (link.version !== null && frame.version < link.version) return; // an older frame, late
  if (link.version !== null && frame.version > link.version + 1) link.send({ type: "sync" });
  link.version = frame.version;
  link.you = frame.you;
  link.on.onFrame(frame);
}

// The audience's coalesced frame: versions are skipped on purpose (no snapshot asked) and it has
// no `you`, so the phone's own is added. Once seated ("play again"), its own frames count instead.
function audienceFrame(link, frame) {
  if (link.version !== null && frame.version < link.version) return;
  if (link.you && !link.you.audience) return; // seated since ("play again"): its own frames count
  link.version = frame.version;
  link.on.onFrame({ ...frame, you: link.you });
}
