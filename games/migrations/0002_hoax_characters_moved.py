"""The Hoax character models now belong to the Hoax app (``games/hoax/migrations/0001``): the
games app forgets them without touching their tables."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0001_initial"),
        ("hoax", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="HoaxCharacterTranslation"),
                migrations.DeleteModel(name="HoaxCharacter"),
            ],
            database_operations=[],
        ),
    ]
