"""The benchmark's report as a terminal table (the same figures as the JSON)."""

from __future__ import annotations

from typing import Any


def ms(value: float | None) -> str:
    return "lost" if value is None else f"{value:.1f}"


def num(value: float | None, scale: float = 1.0) -> str:
    return "-" if value is None else f"{value * scale:.0f}"


def kb(value: float) -> str:
    return f"{value / 1024:.1f}"


def row_cells(kind: str, entry: dict[str, Any]) -> list[str]:
    latency = entry["latency_ms"]
    return [
        kind,
        *(ms(latency.get(key)) for key in ("p50", "p90", "p99", "max")),
        f"{entry['frames_delivered']}/{entry['frames_expected']}",
        f"{entry['delivery'] * 100:.2f}",
        num(entry["server_cpu_us_per_frame"]),
        num(entry["redis_cpu_us_per_frame"]),
        num(entry["server_cpu_share"], 100),
        kb(entry["rss_bytes_per_socket"]),
        f"{entry['loadgen_cpu_share'] * 100:.0f}" + ("!" if entry["loadgen_bottleneck"] else ""),
        "ok" if entry["passes"] else "FAIL",
    ]


HEADER = [
    "rooms", "sockets", "path", "p50 ms", "p90 ms", "p99 ms", "max ms", "frames", "deliv %",
    "CPU us/frame", "redis us/frame", "server %core", "RSS KiB/socket", "loadgen %core", "<100ms",
]


def table(rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for n, row in enumerate(rows):
        lines.append("  ".join(cell.rjust(widths[i]) for i, cell in enumerate(row)))
        if n == 0:
            lines.append("  ".join("-" * width for width in widths))
    return "\n".join(lines)


def report_text(report: dict[str, Any]) -> str:
    """The whole report for the terminal."""
    out = header_text(report)
    if "audience_run" in report:
        from bench.audience import audience_text

        out.append(audience_text(report))
        return "\n".join(out)
    kinds = [kind for kind in ("game", "stock", "floor")
             if report["steps"] and kind in report["steps"][0]]
    out.extend(["", table(steps_rows(report, kinds)), ""])
    out.append("stock: the stock Channels consumer on the same layer; floor: a bare ASGI app "
               "under Daphne relaying each message (no Channels, no Django).")
    out.extend(repeats_text(report))
    out.extend(breakdown_text(report, kinds))
    out.extend(capacity_text(report, kinds))
    out.extend(notes_text(report, kinds))
    out.append(
        "Latency: from each move's scheduled send time to the last screen of its room showing "
        "the new version. CPU: the Daphne process's user+system time over the window, per "
        "frame delivered. RSS/socket: the server's resident memory with the step's sockets open, "
        "less the idle server's after a warm-up, per socket (Python keeps freed memory, so a "
        "later step may count some of an earlier one's)."
    )
    return "\n".join(out)


def header_text(report: dict[str, Any]) -> list[str]:
    """What was run, where, and the rules engine's speed alone."""
    options = report["options"]
    repeat = options.get("repeat", 1)  # reports written before --repeat have none
    machine = report["machine"]
    # A game's rooms may have their own size.
    own_sizes = "".join(f" ({engine['game']}: {engine['views'] - 1} phones)"
                        for engine in report["engine"]
                        if engine.get("views", options["phones"] + 1) != options["phones"] + 1)
    out = [
        f"PartyHub live benchmark — layer {report['layer']}, {options['phones']} phones + 1 TV "
        f"per room{own_sizes}, {options['rate']:g} move/s per room, "
        f"{options['seconds']:g} s windows (after {options['warmup']:g} s warm-up)"
        + (f", each measured {repeat} times" if repeat > 1 else "")
        + f", database {options['database']}",
    ]
    if machine["server_core"] is not None:
        out.append(
            f"Daphne pinned to core {machine['server_core']}, load generator to core "
            f"{machine['loadgen_core']} ({machine['cpus']} CPUs; Redis is not pinned)."
        )
    else:
        out.append("Not pinned (fewer than two cores, or --no-pin): figures include contention.")
    for engine in report["engine"]:
        out.append(
            f"Rules engine alone, {engine['game']}: {engine['moves_per_second']:,.0f} moves/s "
            f"({engine['us_per_move']:.0f} us per move: validate, apply, "
            f"{engine.get('views', 7)} views, serialize; "
            f"{engine['bytes_per_frame']} B per frame)"
        )
    return out


def steps_rows(report: dict[str, Any], kinds: list[str]) -> list[list[str]]:
    """The table: a row per step and kind, then the game's CPU ratio to each yardstick."""
    rows = [HEADER]
    processes = report["options"].get("processes", 1) > 1
    for step in report["steps"]:
        where = (f"{step['processes']}p {step['placement']}" if processes else "")
        for kind in kinds:
            entry = step[kind]
            rows.append([str(step["rooms"]), str(entry["sockets"]),
                         *row_cells(f"{kind} {where}".strip(), entry)])
        for yardstick in ("stock", "floor"):
            ratio = step.get(f"cpu_ratio_game_to_{yardstick}")
            if f"cpu_ratio_game_to_{yardstick}" in step:
                rows.append(["", "", f"game/{yardstick}", "", "", "", "", "", "",
                             "-" if ratio is None else f"x{ratio:.2f}", "", "", "", "", ""])
    return rows


def repeats_text(report: dict[str, Any]) -> list[str]:
    """Each repeat's ratios, when the run repeated its windows."""
    repeat = report["options"].get("repeat", 1)
    if repeat <= 1:
        return []
    out = [f"Each ratio is the median of {repeat} repeats, measured in turn (the order "
           "reversed every other repeat); each repeat's:"]
    for step in report["steps"]:
        for yardstick in ("stock", "floor"):
            ratios = step.get(f"cpu_ratios_game_to_{yardstick}_per_repeat")
            if ratios is not None:
                out.append(f"  {step['rooms']} rooms, game/{yardstick}: " + ", ".join(
                    "-" if ratio is None else f"{ratio:.2f}" for ratio in ratios))
    return out


def capacity_text(report: dict[str, Any], kinds: list[str]) -> list[str]:
    """The most rooms each kind carried within the bound (and the scaling, on processes)."""
    options = report["options"]
    out = []
    if options.get("processes", 1) > 1:
        for entry in report["capacity"]:
            for kind in ("game", "stock"):
                found = entry[kind]
                shown = f"{found} rooms" if found is not None else "none of the room counts"
                out.append(f"Capacity ({kind}, {entry['processes']} processes, "
                           f"{entry['placement']}): {shown}.")
        for key, value in report.get("scaling", {}).items():
            out.append(f"Scaling 1 -> {options['processes']} processes ({key.replace('_', ', ')}"
                       f"): {'-' if value is None else f'x{value:.2f}'} capacity.")
        return out
    for kind in kinds:
        found = report["capacity"][kind]
        shown = f"{found} rooms" if found is not None else "none of the room counts"
        out.append(f"Capacity ({kind}): {shown} with p99 < 100 ms and >= 99.9 % delivered.")
    return out


def notes_text(report: dict[str, Any], kinds: list[str]) -> list[str]:
    """What may have bent the figures: a busy load generator, refusals, stalls, a busy
    machine."""
    notes = []
    for step in report["steps"]:
        for kind in kinds:
            entry = step[kind]
            if entry["loadgen_bottleneck"]:
                notes.append(
                    f"{step['rooms']} rooms ({kind}): the load generator used "
                    f"{entry['loadgen_cpu_share'] * 100:.0f} % of its core and may be the "
                    "bottleneck; its latencies include its own queueing."
                )
            if entry["errors"]:
                notes.append(f"{step['rooms']} rooms ({kind}): {entry['errors']} moves refused "
                             f"{entry['error_codes']}.")
            if entry["stalls"]:
                notes.append(f"{step['rooms']} rooms ({kind}): {entry['stalls']} ticks without "
                             "a move (a socket missed a frame and resynced).")
    loads = [step[kind]["machine_load"] for step in report["steps"] for kind in kinds]
    # The benchmark itself keeps up to two cores busy; more than that is someone else's work.
    cpus = report["machine"]["cpus"]
    if loads and max(loads) > min(2, cpus or 1) + 0.5:
        notes.append(
            f"The machine was busy with other work (load average up to {max(loads):.1f}): "
            "latencies include waiting for a core."
        )
    return notes


def breakdown_text(report: dict[str, Any], kinds: list[str]) -> list[str]:
    """Where each kind's CPU went, per move (per message for the yardsticks), by part, from
    py-spy's samples (``bench.profile``)."""
    from bench.profile import PARTS

    out = []
    for step in report["steps"]:
        found = {kind: step[kind].get("breakdown") for kind in kinds if step[kind].get("breakdown")}
        if not found:
            continue
        where = (f", {step['processes']} processes {step['placement']}"
                 if report["options"].get("processes", 1) > 1 else "")
        out.append("")
        out.append(f"Where the server's CPU went, {step['rooms']} rooms{where} (us per move, "
                   "from py-spy's samples):")
        rows = [["part", *found]]
        for part in PARTS:
            rows.append([part, *(num(entry["parts_us_per_move"].get(part))
                                 for entry in found.values())])
        rows.append(["whole move", *(num(entry["us_per_move"]) for entry in found.values())])
        rows.append(["samples", *(str(entry["samples"]) for entry in found.values())])
        out.append(table(rows))
    if out and report["options"].get("profile_dir"):
        out.append(f"py-spy's samples (collapsed stacks) are kept in "
                   f"{report['options']['profile_dir']}.")
    return out
