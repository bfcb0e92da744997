"""The ``serve`` web app (Starlette): the page, its static files, and a small JSON API over :class:`Sessions`.

Routes (every answer JSON but the page and its files):

* ``GET /``: the page (``static/index.html``); ``GET /static/...``: its script and style, from the package.
* ``GET /api/sessions``: every session's name, and the one the page opens first.
* ``GET /api/sessions/NAME``: a session's state (:func:`exact_odds.report.serve.session_state`).
* ``PUT /api/sessions/NAME``: start a session (or open it, if it exists).
* ``POST /api/sessions/NAME/deal`` with ``{"card": "9h", "version": 3}``; ``.../undo``, ``.../redo``,
  ``.../reset`` with ``{"version": 3}``: change it, and answer its new state.

Every refusal is the same JSON document, ``{"error": one line}``, with a 4xx status: 400 a malformed
request, a card that cannot be dealt or a ``Host:`` that is not this machine's loopback (page served
there: :mod:`exact_odds.web.hosts`), 404 no such session or page, 405 a method the address does not take,
409 the session changed since the page saw it (another tab; the answer holds its state) or its file does
not fit the shoe, 413 a body over :data:`MAX_BODY` bytes, 415 a body that is not JSON; and 500 (running
out of memory, or a fault of the app) the same way. The handlers are coroutines that do not await
while they change a session, so requests change it one at a time, each written to its file before
the next begins.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from exact_odds import memory
from exact_odds.report.serve import error_document, session_state
from exact_odds.web.hosts import host_of, is_loopback
from exact_odds.web.session import Conflict, SessionError, Sessions, UnknownSession

#: The largest request body taken, in bytes (a card and a version need a few dozen).
MAX_BODY = 1024
#: Where the page's files are, in the package.
STATIC = Path(__file__).parent / "static"
#: The changes a POST may ask for, by the last part of its path.
ACTIONS = ("deal", "undo", "redo", "reset")


class BadRequest(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


def create_app(sessions: Sessions, first: str, loopback: bool = True, high=None) -> Starlette:
    """The app serving ``sessions``; the page opens ``first`` unless its address names another
    (``/?session=NAME``). ``loopback``: answer only requests addressed to the loopback host. ``high``:
    the High group of an edge sorter's next cards (default 6-9; :mod:`exact_odds.information.table`)."""
    app = Starlette(routes=_routes(sessions, first) + _seen_routes(sessions, high),
                    middleware=[Middleware(LoopbackHosts)] if loopback else [],
                    exception_handlers={HTTPException: _http_refusal, Exception: _fault})
    app.state.sessions = sessions
    return app


#: Starlette's refusals (no such page, a method the address does not take) in the page's words.
_REFUSALS = {404: "no such page: {path}; the page is at / and its API under /api/sessions",
             405: "{method} is not taken at {path}; it takes {allow}"}


async def _http_refusal(request: Request, exc: HTTPException) -> JSONResponse:
    """A refusal of Starlette's routing as the page's JSON document (not its plain text)."""
    headers = dict(exc.headers or {})
    words = _REFUSALS.get(exc.status_code, "{detail}").format(
        path=request.url.path[:60], method=request.method[:20],
        allow=", ".join(sorted(m.strip() for m in headers.get("Allow", "other methods").split(","))),
        detail=" ".join(str(exc.detail).split())[:200])
    return JSONResponse(error_document(words), exc.status_code, headers=headers)


async def _fault(request: Request, exc: Exception) -> JSONResponse:
    """Any other error as the same document, status 500 (the server's log keeps its traceback)."""
    words = memory.reason(exc) if isinstance(exc, MemoryError) else \
        f"the server failed on this request ({type(exc).__name__}); nothing was changed"
    return JSONResponse(error_document(words), 500)


class LoopbackHosts:
    """Answer only requests whose ``Host:`` names this machine's loopback (:func:`is_loopback`, the rule
    ``--host`` is checked by); any other gets 400 and the JSON document: no DNS rebinding."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] in ("http", "websocket"):
            header = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), "")
            if not is_loopback(host_of(header)):
                shown = " ".join(header.split())[:60]
                said = f"the Host header names {shown!r}" if shown else "the request has no Host header"
                response = JSONResponse(error_document(
                    f"this page answers only requests addressed to this machine's loopback (127.0.0.1, "
                    f"localhost, ::1); {said}"), 400)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _routes(sessions: Sessions, first: str) -> list:
    def state(session) -> dict:
        return session_state(session, sessions.names())

    def refused(exc: Exception, name: str | None = None) -> JSONResponse:
        if isinstance(exc, BadRequest):
            return JSONResponse(error_document(str(exc)), exc.status)
        current = None
        if name is not None and isinstance(exc, Conflict) and name in sessions.open:
            current = state(sessions.open[name])
        status = 404 if isinstance(exc, UnknownSession) else 409 if isinstance(exc, Conflict) else 400
        return JSONResponse(error_document(str(exc), current), status)

    def timed(data: dict, started: float, status: int = 200) -> JSONResponse:
        took = (time.perf_counter() - started) * 1000
        return JSONResponse(data, status, headers={"Server-Timing": f"app;dur={took:.2f}",
                                                   "Cache-Control": "no-store"})

    async def page(request: Request):
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    async def listing(request: Request):
        return JSONResponse({"sessions": sessions.names(), "first": first}, headers={"Cache-Control": "no-store"})

    async def one(request: Request):
        started = time.perf_counter()
        name = request.path_params["name"]
        try:
            if request.method == "PUT":
                await read_json(request)
                session = sessions.create(name)
            else:
                session = sessions.get(name)
        except (SessionError, BadRequest) as exc:
            return refused(exc)
        except OSError as exc:
            return JSONResponse(error_document(_cannot_write(exc)), 500)
        except MemoryError as exc:
            return JSONResponse(error_document(memory.reason(exc)), 500)
        return timed(state(session), started)

    async def change(request: Request):
        started = time.perf_counter()
        name, action = request.path_params["name"], request.path_params["action"]
        if action not in ACTIONS:
            return JSONResponse(error_document(f"no such change {action[:20]!r}: one of {', '.join(ACTIONS)}"), 404)
        session = None
        try:
            body = await read_json(request)  # the only await: from here on the session changes alone
            session = sessions.get(name)
            version = body.get("version")
            if action == "deal":
                if "card" not in body:
                    raise BadRequest(400, 'deal needs the card: {"card": "9h", "version": N}')
                session.deal(body["card"], version)
            else:
                getattr(session, action)(version)
        except (SessionError, BadRequest) as exc:
            return refused(exc, name)
        except OSError as exc:
            return JSONResponse(error_document(_cannot_write(exc), None if session is None else state(session)), 500)
        except MemoryError as exc:
            return JSONResponse(error_document(memory.reason(exc)), 500)
        return timed(state(session), started)

    return [
        Route("/", page),
        Route("/api/sessions", listing),
        Route("/api/sessions/{name}", one, methods=["GET", "PUT"]),
        Route("/api/sessions/{name}/{action}", change, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]


def _seen_routes(sessions: Sessions, high) -> list:
    """``GET /api/sessions/NAME/seen?next=HL``: the groups of the next coup's first cards seen (an edge
    sorter's), and every value-level bet's EV given them (:func:`exact_odds.information.table.next_cards_seen`)."""
    from exact_odds.information.seen import InformationError
    from exact_odds.information.table import TABLE_HIGH, next_cards_seen
    from exact_odds.report.information import seen_document

    async def seen(request: Request):
        started = time.perf_counter()
        try:
            table = sessions.get(request.path_params["name"]).table
            if table.current:
                raise BadRequest(400, "the coup being dealt is not finished: mark the next cards once it is")
            if not table.value_bets:
                raise BadRequest(400, "no value-level bet is chosen: the cards seen price Banker, Player, Tie ...")
            info, state = next_cards_seen(table.in_play.shoe(), request.query_params.get("next", ""),
                                          table.value_bets, TABLE_HIGH if high is None else high)
        except (SessionError, BadRequest, InformationError) as exc:
            status = exc.status if isinstance(exc, BadRequest) else 404 if isinstance(exc, UnknownSession) else 400
            return JSONResponse(error_document(str(exc)), status)
        took = (time.perf_counter() - started) * 1000
        return JSONResponse(seen_document(info, state, table.value_bets),
                            headers={"Server-Timing": f"app;dur={took:.2f}", "Cache-Control": "no-store"})

    return [Route("/api/sessions/{name}/seen", seen, methods=["GET"])]


async def read_json(request: Request) -> dict:
    """The request's body, a JSON object of at most :data:`MAX_BODY` bytes (empty: ``{}``), sent as
    ``application/json``; :class:`BadRequest` if not."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise BadRequest(413, f"the request body is over {MAX_BODY} bytes; send one card at a time")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise BadRequest(413, f"the request body is over {MAX_BODY} bytes; send one card at a time")
    if kind != "application/json":  # which a page elsewhere cannot send here without asking first (CORS)
        raise BadRequest(415, "the request body must be JSON (Content-Type: application/json)")
    if not body.strip():
        return {}
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise BadRequest(400, 'the request body is not JSON: send {"card": "9h", "version": N}') from None
    if not isinstance(data, dict):
        raise BadRequest(400, 'the request body must be a JSON object such as {"card": "9h", "version": N}')
    return data


def _cannot_write(exc: OSError) -> str:
    return f"cannot write the session file ({exc.strerror or exc}); nothing was changed"


__all__ = ["MAX_BODY", "create_app"]
