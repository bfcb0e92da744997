"""The table-side page of ``exact-odds serve``: sessions kept in ``track`` logs (session.py, no web import)
and the Starlette app serving them (app.py, needs the ``web`` extra)."""
