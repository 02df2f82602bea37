import pytest
from django.template import Context, Template
from django.utils import translation

from games.templatetags import cards


@pytest.mark.parametrize(
    ("card", "rank", "letter", "symbol", "colour", "label"),
    [
        ("10H", "10", "H", "♥", "red", "10 of hearts"),
        ("QS", "Q", "S", "♠", "black", "queen of spades"),
        ("2C", "2", "C", "♣", "black", "2 of clubs"),
        ("AD", "A", "D", "♦", "red", "ace of diamonds"),
        ("KH", "K", "H", "♥", "red", "king of hearts"),
        ("JC", "J", "C", "♣", "black", "jack of clubs"),
    ],
)
def test_card_filters(card, rank, letter, symbol, colour, label):
    assert cards.card_rank(card) == rank
    assert cards.card_suit_letter(card) == letter
    assert cards.card_suit_symbol(card) == symbol
    assert cards.card_colour(card) == colour
    with translation.override("en"):
        assert cards.card_label(card) == label


@pytest.mark.parametrize(("card", "label"), [
    ("10H", "десятка червей"), ("QS", "дама пик"), ("2C", "двойка треф"), ("AD", "туз бубен"), ("JC", "валет треф"),
])
def test_a_russian_page_names_cards_in_russian(card, label):
    with translation.override("ru"):
        assert cards.card_label(card) == label


@pytest.mark.parametrize("bad", ["", "1H", "10X", "QQ", "11S"])
def test_not_a_card_is_an_error(bad):
    with pytest.raises(ValueError):
        cards.card_label(bad)


@pytest.mark.parametrize(("language", "label"), [("en", "10 of hearts"), ("ru", "десятка червей")])
def test_the_card_tag_draws_the_face_with_its_name_in_the_page_language(language, label):
    with translation.override(language):
        html = Template('{% load cards %}{% card_face "10H" %}').render(Context())

    assert html == (
        f'<span class="card red suit-H" role="img" aria-label="{label}">'
        '<span class="rank">10</span><span class="suit">♥</span></span>'
    )


def test_the_card_tag_refuses_what_is_not_a_card():
    with pytest.raises(ValueError):
        Template('{% load cards %}{% card_face "1H" %}').render(Context())
