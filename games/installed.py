"""The games this site offers, in the order its pages list them: each one package holding all of that game
(games.declaration). The `INSTALLED_GAMES` setting, when set, replaces this list (the tests install a fifth
game that way); games.registry reads whichever applies.
"""

INSTALLED_GAMES = ("games.sunduchok", "games.hearts", "games.yashchiki", "games.rooster")
