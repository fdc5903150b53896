"""``machine_translated`` becomes ``needs_native_review`` (its values kept): the flag marks every
card no native speaker has reviewed, machine-written or not. The starter "general" decks in
Spanish, French and Indonesian, loaded unmarked before, are marked. ``source_timeless`` is new."""

from django.db import migrations, models

UNREVIEWED_STARTER_DECKS = {"es-general": "es", "fr-general": "fr", "id-general": "id"}


def starter_general_decks_mark(apps, schema_editor):
    Card = apps.get_model("questions", "Card")
    for slug, language in UNREVIEWED_STARTER_DECKS.items():
        Card.objects.filter(decks__slug=slug, language=language).update(needs_native_review=True)


class Migration(migrations.Migration):
    dependencies = [
        ("questions", "0002_categories_and_curation"),
    ]

    operations = [
        migrations.RenameField(
            model_name="card",
            old_name="machine_translated",
            new_name="needs_native_review",
        ),
        migrations.AlterField(
            model_name="card",
            name="needs_native_review",
            field=models.BooleanField(
                default=False,
                help_text=(
                    "Written or translated by a machine (or by someone who is not a native "
                    "speaker of its language) and not yet reviewed by a native speaker. A native "
                    "curator reviews it, then unticks this."
                ),
                verbose_name="needs a native speaker's review",
            ),
        ),
        migrations.AddField(
            model_name="card",
            name="source_timeless",
            field=models.BooleanField(
                default=False,
                help_text=(
                    "The ranking cannot go out of date however old its source, e.g. the colours "
                    "in Newton's Opticks, 1704: audit_decks does not list it among old sources."
                ),
                verbose_name="timeless source",
            ),
        ),
        migrations.RunPython(starter_general_decks_mark, migrations.RunPython.noop),
    ]
