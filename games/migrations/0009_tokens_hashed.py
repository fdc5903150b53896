"""Seat and host tokens stored as their SHA-256 (games/rooms/tokens.py), no longer in plain
text: the columns are renamed to what they now hold and every token in them, live or in an
ended room's record, is replaced by its digest. A phone's cookie (the token itself) still finds
its seat, hashed on the way in: nobody has to join again.

The code before this migration compares tokens as they are and cannot read a digest: deploy it
with every process stopped (docs/operations.md, "Restarts": a migration the old code cannot
read), not in a rolling restart. It cannot be undone (a digest gives no token back).
"""

from django.db import migrations

from games.rooms.tokens import token_digest

BATCH = 2000


def tokens_hash(apps, schema_editor):
    for model, field in ((apps.get_model("games", "Seat"), "token_digest"),
                         (apps.get_model("games", "Room"), "host_token_digest")):
        rows = model.objects.only("pk", field).order_by("pk")
        last = 0
        while True:
            batch = list(rows.filter(pk__gt=last)[:BATCH])
            if not batch:
                break
            for row in batch:
                setattr(row, field, token_digest(getattr(row, field)))
            model.objects.bulk_update(batch, [field])
            last = batch[-1].pk


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0008_remote_seats_and_party"),
    ]

    operations = [
        migrations.RenameField(model_name="room", old_name="host_token",
                               new_name="host_token_digest"),
        migrations.RenameField(model_name="seat", old_name="token", new_name="token_digest"),
        migrations.RunPython(tokens_hash, elidable=False),
    ]
