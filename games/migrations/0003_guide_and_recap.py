"""A game's recap, computed from its action log when it ends; when the lobby's intro started."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0002_hoax_characters_moved"),
    ]

    operations = [
        migrations.AddField(
            model_name="room",
            name="guide_started",
            field=models.FloatField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="game",
            name="recap",
            field=models.JSONField(blank=True, null=True),
        ),
    ]
