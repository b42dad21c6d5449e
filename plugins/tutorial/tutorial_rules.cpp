#include "tutorial_rules.hpp"

#include "tessera/yaml_reader.hpp"

namespace tutorial {

using tessera::YamlNode;

int Rules::card_index(const std::string& id) const {
  for (std::size_t i = 0; i < cards.size(); ++i)
    if (cards[i].id == id) return static_cast<int>(i);
  return -1;
}

namespace {

int positive(const YamlNode& node, std::string_view key, int fallback, int minimum = 1) {
  const int value = node.optional<int>(key, fallback);
  if (value < minimum)
    throw node.at(key).error("'" + std::string(key) + "' must be at least " + std::to_string(minimum));
  return value;
}

void read_game(const YamlNode& root, Rules& rules) {
  root.allow_only({"players", "start", "renown", "dice", "market", "goods", "scoring"});

  const YamlNode players = root.at("players");
  players.allow_only({"min", "max"});
  rules.min_players = positive(players, "min", 2);
  rules.max_players = positive(players, "max", 4);
  if (rules.max_players < rules.min_players) throw players.error("'max' must not be below 'min'");

  const YamlNode start = root.at("start");
  start.allow_only({"coins", "first_seat"});
  rules.start_coins = positive(start, "coins", 3, 0);
  rules.first_seat = positive(start, "first_seat", 0, 0);
  if (rules.first_seat >= rules.min_players) throw start.at("first_seat").error("'first_seat' must be a seat of every game");

  const YamlNode renown = root.at("renown");
  renown.allow_only({"length", "last_round_at", "triggers"});
  rules.track_length = renown.optional_count("length", 31, 2);
  rules.last_round_at = positive(renown, "last_round_at", 20);
  if (rules.last_round_at >= rules.track_length) throw renown.at("last_round_at").error("must be a space of the track");
  if (auto triggers = renown.find("triggers")) {
    for (const YamlNode& t : triggers->as_list()) {
      t.allow_only({"space", "when", "effect", "params"});
      TrackSymbol symbol;
      symbol.space = t.required<int>("space");
      if (symbol.space < 0 || symbol.space >= rules.track_length) throw t.at("space").error("not a space of the track");
      try {
        symbol.when = tessera::track_when_from_string(t.optional<std::string>("when", "pass"));
      } catch (const tessera::DataError& e) {
        throw t.at("when").error(e.what());
      }
      symbol.effect = tessera::read_effect_use(t);
      rules.symbols.push_back(std::move(symbol));
    }
  }

  const YamlNode dice = root.at("dice");
  dice.allow_only({"count", "faces", "adjust_cost", "work_divisor"});
  rules.dice_count = dice.optional_count("count", 3, 1);
  rules.dice_faces = positive(dice, "faces", 6, 2);
  rules.adjust_cost = positive(dice, "adjust_cost", 1, 0);
  rules.work_divisor = positive(dice, "work_divisor", 2, 1);

  const YamlNode market = root.at("market");
  market.allow_only({"slots"});
  rules.market_slots = market.optional_count("slots", 4, 1);

  const YamlNode goods = root.at("goods");
  goods.allow_only({"coins", "spice"});
  const YamlNode coins = goods.at("coins");
  coins.allow_only({"bank"});
  rules.coins_bank = positive(coins, "bank", -1, -1);
  const YamlNode spice = goods.at("spice");
  spice.allow_only({"bank", "cap"});
  rules.spice_bank = positive(spice, "bank", 18, -1);
  rules.spice_cap = positive(spice, "cap", 5, -1);

  const YamlNode scoring = root.at("scoring");
  scoring.allow_only({"spice_per_point"});
  rules.spice_per_point = positive(scoring, "spice_per_point", 2);
}

void read_cards(const YamlNode& root, Rules& rules) {
  root.allow_only({"cards"});
  for (const YamlNode& c : root.at("cards").as_list()) {
    c.allow_only({"id", "name", "cost", "count", "effect", "params"});
    CardDef card;
    card.id = c.required<std::string>("id");
    if (rules.card_index(card.id) >= 0) throw c.at("id").error("card id '" + card.id + "' is used twice");
    card.name = c.optional<std::string>("name", card.id);
    card.cost = positive(c, "cost", 0, 0);
    card.count = c.optional_count("count", 1, 1);
    card.effect = tessera::read_effect_use(c);
    rules.cards.push_back(std::move(card));
  }
  if (rules.cards.empty()) throw root.error("there must be at least one card");
}

}  // namespace

Rules load_rules(const std::filesystem::path& data_dir, const std::string& data_name,
                 const std::vector<std::string>& variants) {
  Rules rules;
  read_game(tessera::load_with_overlays(data_dir, data_name, "game.yaml", variants), rules);
  read_cards(tessera::load_with_overlays(data_dir, data_name, "cards.yaml", variants), rules);
  return rules;
}

}  // namespace tutorial
