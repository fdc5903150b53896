from django.apps import AppConfig


class BenchConfig(AppConfig):
    """The live benchmark (``manage.py bench``): its command and its stock-consumer yardstick.
    Nothing in the hub imports it; its routes are mounted only under ``PARTYHUB_BENCH=1``."""

    name = "bench"
