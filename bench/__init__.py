"""The live benchmark (``python manage.py bench``): real sockets against one Daphne process.

A Django app of its own, outside the hub: nothing of the hub imports it, and the server mounts
its stock-consumer route only under ``PARTYHUB_BENCH=1`` (``partyhub/asgi.py``).

- ``stats``: latency and delivery bookkeeping (pure);
- ``clients``: the scripted screens and room drivers (the ``websockets`` client);
- ``bare``: a stock Channels consumer that only broadcasts, served by the same process;
- ``server``: the Daphne process, its CPU and memory, core pinning;
- ``engine``: the rules engine timed alone;
- ``runner``: one run, every room count, game then bare, and the report;
- ``management/commands/bench.py``: the command.
"""
