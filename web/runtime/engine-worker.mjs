// The engine worker: boots our vendored Pyodide, unpacks the pygames wheel into site-packages and
// answers calls to pygames.webapi.dispatch, one at a time, in the order they arrive.
//
// Messages in:  {type: "start", base}              base = absolute URL of the site root ("…/")
//               {type: "call", id, name, args}     args = JSON text
// Messages out: {type: "progress", fraction, step, ja, en}
//               {type: "ready", version, pyodide, ms}
//               {type: "failed", step, message}
//               {type: "result", id, json}  |  {type: "crash", id, message}

let ready = null;        // Promise<dispatch function>
let queue = Promise.resolve();

const STEPS = {
  worker: [0.02, "エンジンを起動中", "Starting the engine"],
  python: [0.05, "Python を読み込み中", "Loading Python"],
  wheel: [0.80, "ゲームを読み込み中", "Loading the games"],
  import: [0.90, "ゲームを準備中", "Preparing the games"],
};

function progress(step) {
  const [fraction, ja, en] = STEPS[step];
  postMessage({ type: "progress", fraction, step, ja, en });
}

async function fetchOk(url, kind) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${kind}: HTTP ${response.status} for ${url}`);
  return response;
}

async function boot(base) {
  const t0 = performance.now();
  let step = "worker";
  try {
    progress("worker");
    const infoPromise = fetchOk(new URL("build.json", base), "build.json").then((r) => r.json());
    const indexURL = new URL("pyodide/", base).href;
    step = "python";
    progress("python");
    const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
    // The wheel downloads while Python starts.
    const wheelPromise = infoPromise.then((info) =>
      fetchOk(new URL(info.wheel, base), "wheel").then((r) => r.arrayBuffer()));
    wheelPromise.catch(() => {});
    const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL, packages: [] });
    step = "wheel";
    progress("wheel");
    const info = await infoPromise;
    pyodide.unpackArchive(await wheelPromise, "wheel");
    step = "import";
    progress("import");
    const dispatch = pyodide.pyimport(`${info.package}.webapi`).dispatch;
    postMessage({ type: "ready", version: info.version, pyodide: info.pyodide, ms: performance.now() - t0 });
    return dispatch;
  } catch (err) {
    postMessage({ type: "failed", step, message: String(err && err.message || err) });
    throw err;
  }
}

function handleCall(dispatch, { id, name, args }) {
  try {
    postMessage({ type: "result", id, json: dispatch(name, args) });
  } catch (err) {
    postMessage({ type: "crash", id, message: String(err && err.message || err).slice(0, 500) });
  }
}

self.onmessage = (event) => {
  const msg = event.data;
  if (msg.type === "start") {
    if (!ready) {
      ready = boot(msg.base);
      ready.catch(() => {});
    }
  } else if (msg.type === "call") {
    if (!ready) {
      postMessage({ type: "crash", id: msg.id, message: "engine not started" });
      return;
    }
    queue = queue.then(() => ready).then(
      (dispatch) => handleCall(dispatch, msg),
      (err) => postMessage({ type: "crash", id: msg.id, message: "engine failed to start: " + String(err && err.message || err) }),
    );
  }
};
