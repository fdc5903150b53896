from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0005_room_host_tools")]

    operations = [
        migrations.AddField(
            model_name="connection",
            name="process",
            field=models.CharField(default="", max_length=32),
        ),
    ]
