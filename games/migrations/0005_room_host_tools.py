from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0004_audience_votes")]

    operations = [
        migrations.AddField(
            model_name="room", name="paused_at", field=models.FloatField(blank=True, null=True)
        ),
        migrations.AddField(
            model_name="room", name="family_filter", field=models.BooleanField(default=True)
        ),
        migrations.AddField(
            model_name="room", name="streamer", field=models.BooleanField(default=False)
        ),
        migrations.AddField(
            model_name="seat", name="removed", field=models.BooleanField(default=False)
        ),
        migrations.AddField(
            model_name="seat",
            name="handover_code",
            field=models.CharField(blank=True, default="", max_length=6),
        ),
        migrations.AddField(
            model_name="seat",
            name="handover_until",
            field=models.FloatField(blank=True, null=True),
        ),
    ]
