"""Play online: an ASGI game server (FastAPI on uvicorn), its store, and the web page.

`create_app` (app.py) builds the application; `run` (main.py) serves it. `fairness` (commitment
and game-file verification) needs no server packages and is what `scriptkeeper verify` uses.
"""
