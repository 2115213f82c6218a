"""Play online: an ASGI game server (FastAPI on uvicorn), its store, and the web page, for any game.

`create_app` (app.py) builds the application; `run` (main.py) serves it. The commitment and the
verification of finished games are the kernel's (core/fairness.py): `scriptkeeper verify` needs no
server package.
"""
