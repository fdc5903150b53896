"""The admin's login behind a lock (partyhub/admin_login.py): failed logins are limited per
client network and per user name; past a limit every login is refused, the right password
too, before any password is checked, with a message saying how long to wait."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.contrib.auth.signals import user_login_failed
from django.test import Client
from prometheus_client import REGISTRY

pytestmark = pytest.mark.django_db

GUESSER, ADMIN_HOME = "203.0.113.66", "198.51.100.20"
PASSWORD = "correct horse battery staple"
LOGINS_PER_HOUR = 10  # PARTYHUB_LIMIT_LOGINS's default: 10/hour;30/day


@pytest.fixture
def curator(settings) -> User:
    settings.PARTYHUB_LIMITS = True
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return User.objects.create_superuser("curator", "curator@example.org", PASSWORD)


@pytest.fixture
def hashed() -> list[str]:
    """The user names whose password was checked (and failed), as Django signals each."""
    names: list[str] = []

    def failed(sender, credentials, **kwargs):
        names.append(credentials["username"])

    user_login_failed.connect(failed)
    yield names
    user_login_failed.disconnect(failed)


def logged(outcome: str) -> float:
    return REGISTRY.get_sample_value("partyhub_admin_logins_total", {"outcome": outcome})


def login(address: str, password: str, username: str = "curator", **headers):
    return Client().post("/admin/login/?next=/admin/",
                         {"username": username, "password": password},
                         REMOTE_ADDR=address, **headers)


def test_twenty_wrong_passwords_then_the_right_one_are_refused_and_another_address_is_not(
    curator, hashed
):
    refused_before, failed_before = logged("refused"), logged("failed")
    answers = [login(GUESSER, f"guess {n}") for n in range(20)]
    # The first ten are checked and fail as any wrong password does...
    assert [a.status_code for a in answers[:LOGINS_PER_HOUR]] == [200] * LOGINS_PER_HOUR
    assert "Please enter the correct username and password" in answers[0].content.decode()
    # ...then every try is refused, with the wait, and no password is checked any more.
    for answer in answers[LOGINS_PER_HOUR:]:
        assert answer.status_code == 429 and 1 <= int(answer["Retry-After"]) <= 3600
        assert "Too many failed logins from your network. Try again in" in (
            answer.content.decode())
    assert hashed == ["curator"] * LOGINS_PER_HOUR
    right = login(GUESSER, PASSWORD)
    assert right.status_code == 429 and "_auth_user_id" not in right.client.session
    assert "Too many failed logins from your network" in right.content.decode()
    assert logged("refused") - refused_before == 11
    assert logged("failed") - failed_before == LOGINS_PER_HOUR
    # The curator at home, same account, is let in.
    home = login(ADMIN_HOME, PASSWORD)
    assert home.status_code == 302 and home["Location"] == "/admin/"
    assert hashed == ["curator"] * LOGINS_PER_HOUR


def test_the_refusal_reads_in_the_readers_language(curator):
    for n in range(LOGINS_PER_HOUR):
        login(GUESSER, f"guess {n}")
    answer = login(GUESSER, PASSWORD, HTTP_ACCEPT_LANGUAGE="es")
    assert answer.status_code == 429
    assert "Demasiados inicios de sesión fallidos desde tu red" in answer.content.decode()


def test_a_guesser_on_many_networks_meets_the_limit_per_user_name(curator, settings, hashed):
    settings.PARTYHUB_LIMIT_LOGIN_NAMES = "5/hour"
    for n in range(5):
        assert login(f"192.0.2.{n}", "wrong").status_code == 200
    answer = login("192.0.2.99", PASSWORD)
    assert answer.status_code == 429
    assert "Too many failed logins for this user name" in answer.content.decode()
    # Any case of the name is the same name; another account is not held back by it.
    assert login("192.0.2.98", "wrong", username="CURATOR").status_code == 429
    User.objects.create_superuser("editor", "editor@example.org", PASSWORD)
    assert login("192.0.2.97", PASSWORD, username="editor").status_code == 302
    assert len(hashed) == 5


def test_a_network_is_one_client_for_the_login_too(curator, settings):
    settings.PARTYHUB_LIMIT_LOGINS = "3/hour"
    for n in range(3):
        login(f"2001:db8:9:9::{n + 1}", "wrong")
    assert login("2001:db8:9:9::ff", PASSWORD).status_code == 429
    assert login("2001:db8:9:a::1", PASSWORD).status_code == 302
