#!/usr/bin/env python3
"""A static file server for dist/ on 127.0.0.1 with the MIME types the site needs.

    python3 scripts/serve.py [DIR] [--port N]

Also used by the e2e fixtures (:class:`SiteServer`: start on port 0, stop, restart on the same port).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import sys
import threading
from pathlib import Path

TYPES = {
    ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
    ".json": "application/json", ".webmanifest": "application/manifest+json", ".whl": "application/zip",
    ".zip": "application/zip", ".html": "text/html; charset=utf-8", ".css": "text/css", ".svg": "image/svg+xml",
    ".png": "image/png", ".txt": "text/plain; charset=utf-8",
}


ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
"""Precompressed siblings build.py writes, best first."""


def accepted(header: str) -> set[str]:
    """The content codings an ``Accept-Encoding`` header accepts (q > 0; ``*`` is not expanded)."""
    found = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if name.strip() and q > 0:
            found.add(name.strip().lower())
    return found


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves a directory; quiet; no-cache so a new build is always revalidated. A file with a
    precompressed sibling (``x.br``, ``x.gz``) is answered with the best one the request accepts
    (``Content-Encoding``, ``Vary: Accept-Encoding``, the type of ``x``)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    _encoding: str | None = None

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        """Pick a precompressed sibling when the client accepts one, else the file itself."""
        self._encoding = None
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if os.path.isfile(path):
            ok = accepted(self.headers.get("Accept-Encoding", ""))
            for encoding, suffix in ENCODINGS:
                if encoding in ok and os.path.isfile(path + suffix):
                    return self._send_encoded(path, path + suffix, encoding)
        return super().send_head()

    def _send_encoded(self, path: str, encoded: str, encoding: str):
        f = open(encoded, "rb")
        self._encoding = encoding
        try:
            fs = os.fstat(f.fileno())
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", encoding)
            self.send_header("Content-Length", str(fs.st_size))
            self.send_header("Last-Modified", self.date_time_string(int(os.stat(path).st_mtime)))
            self.end_headers()
        except BaseException:
            f.close()
            raise
        return f

    def send_response(self, code: int, message: str | None = None) -> None:
        super().send_response(code, message)
        if code == 200 and (self._encoding or os.path.exists(self.translate_path(self.path) + ".gz")):
            self.send_header("Vary", "Accept-Encoding")  # the answer depends on what the client accepts

    def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
        """Copy a file to the client, counting the bytes on the wire (bench/load.py reads ``server.sent``:
        (path, bytes sent, content coding or "identity")). The entry is recorded before the body goes out,
        so a client that has read the whole body always finds it."""
        path = self.path.split("?", 1)[0]
        entry = (path, os.fstat(source.fileno()).st_size, self._encoding or "identity")
        self.server.sent.append(entry)  # type: ignore[attr-defined]
        log = getattr(self.server, "log_path", None)
        if log:  # --log: one JSON line per body served (bench/load.py runs the server in its own process)
            with open(log, "a") as fh:
                fh.write(json.dumps(entry) + "\n")
        super().copyfile(source, outputfile)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        if getattr(self.server, "verbose", False):
            super().log_message(format, *args)


class _Server(http.server.ThreadingHTTPServer):
    allow_reuse_address = True
    daemon_threads = True
    verbose = False

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.sent: list[tuple[str, int, str]] = []

    def handle_error(self, request: object, client_address: object) -> None:
        """A browser that drops a connection (page closed mid-download) is not an error."""
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)


class SiteServer:
    """A restartable server for ``root`` on 127.0.0.1 in a background thread."""

    def __init__(self, root: Path, port: int = 0, log_path: str | None = None) -> None:
        self.root = Path(root)
        self.port = port
        self.log_path = log_path
        self._httpd: _Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The base URL, ending in '/'."""
        return f"http://127.0.0.1:{self.port}/"

    @property
    def sent(self) -> list[tuple[str, int, str]]:
        """(path, bytes on the wire, content coding) of every file body served since start (empty when
        stopped)."""
        return self._httpd.sent if self._httpd is not None else []

    @property
    def running(self) -> bool:
        """Whether the server is accepting requests."""
        return self._httpd is not None

    def start(self) -> "SiteServer":
        """Start (again) on the same port once one has been chosen."""
        if self._httpd is not None:
            return self
        handler = functools.partial(Handler, directory=str(self.root))
        self._httpd = _Server(("127.0.0.1", self.port), handler)
        self._httpd.log_path = self.log_path  # type: ignore[attr-defined]
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="site-server", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and close the socket (connections then fail: 'offline')."""
        if self._httpd is None:
            return
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._httpd = None
        self._thread = None


def serve_forever(root: Path, port: int = 8000, log_path: str | None = None) -> None:
    """Serve ``root`` until Ctrl-C, printing the URL (any free port if ``port`` is taken)."""
    try:
        server = SiteServer(root, port, log_path).start()
    except OSError:
        server = SiteServer(root, 0, log_path).start()
    print(f"Serving {root} at {server.url}  (Ctrl-C to stop)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Serve dist/ on 127.0.0.1")
    parser.add_argument("root", nargs="?", default=str(Path(__file__).resolve().parent.parent / "dist"))
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--log", help="append one JSON line [path, bytes sent, content coding] per file served")
    args = parser.parse_args()
    serve_forever(Path(args.root), args.port, args.log)
