"""Hoax's characters move from the games app into Hoax's own: the tables stay as they are (the
models name them); only Django's record of which app owns them changes, and the content types
follow so curators keep their permissions."""

import django.db.models.deletion
from django.db import migrations, models


def content_types_move(apps, schema_editor, old="games", new="hoax"):
    ContentType = apps.get_model("contenttypes", "ContentType")
    ContentType.objects.using(schema_editor.connection.alias).filter(
        app_label=old, model__in=["hoaxcharacter", "hoaxcharactertranslation"]
    ).update(app_label=new)


def content_types_back(apps, schema_editor):
    content_types_move(apps, schema_editor, old="hoax", new="games")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("games", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="HoaxCharacter",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("key", models.CharField(choices=[("ex", "The Ex"), ("lover", "The Lover"), ("son_in_law", "The Son-in-Law"), ("cousin", "The Distant Cousin"), ("chef", "The Chef"), ("gardener", "The Gardener"), ("butler", "The Butler")], max_length=20, unique=True, verbose_name="identifier")),
                        ("order", models.PositiveSmallIntegerField(default=0, verbose_name="order")),
                        ("name", models.CharField(max_length=40, verbose_name="name")),
                        ("privilege", models.TextField(verbose_name="privilege")),
                        ("immunity", models.TextField(blank=True, verbose_name="immunity")),
                        ("picture", models.FileField(blank=True, help_text="PNG, JPEG or WebP. Empty: the picture shipped with PartyHub.", upload_to="hoax/", verbose_name="picture")),
                    ],
                    options={
                        "verbose_name": "Hoax character",
                        "verbose_name_plural": "Hoax characters",
                        "ordering": ["order", "key"],
                        "db_table": "games_hoaxcharacter",
                    },
                ),
                migrations.CreateModel(
                    name="HoaxCharacterTranslation",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("language", models.CharField(max_length=10, verbose_name="language")),
                        ("name", models.CharField(max_length=40, verbose_name="name")),
                        ("privilege", models.TextField(verbose_name="privilege")),
                        ("immunity", models.TextField(blank=True, verbose_name="immunity")),
                        ("character", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="translations", to="hoax.hoaxcharacter")),
                    ],
                    options={
                        "verbose_name": "translation",
                        "verbose_name_plural": "translations",
                        "db_table": "games_hoaxcharactertranslation",
                        "constraints": [models.UniqueConstraint(fields=("character", "language"), name="hoax_translation_unique")],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_types_move, content_types_back),
    ]
