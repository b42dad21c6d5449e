// Sardinia's shared engine: data, scripts and flow loaded once per configuration, and every
// card option bound to what carries it out.
#include "sardinia_engine.hpp"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "sardinia_game.hpp"
#include "tessera/error.hpp"
#include "tessera/yaml_reader.hpp"

namespace sardinia {

using namespace tessera;
using nlohmann::json;

namespace {

// The board (10): provinces, ports and fort spaces as spaces; land links between provinces.
std::unique_ptr<GraphBoard> build_board(const Rules& r) {
  auto board = std::make_unique<GraphBoard>("board");
  GraphBoard& b = *board;
  for (const Province& p : r.provinces) {
    const int s = b.add_space(p.id);
    b.set_attribute(s, "name", p.name);
    b.set_attribute(s, "vp", p.vp);
    b.set_attribute(s, "colour", p.colour);
  }
  for (const Port& p : r.ports) b.set_attribute(b.add_space("port_" + p.id), "name", p.name);
  for (const FortSpace& f : r.fort_spaces) {
    const std::string number = std::to_string(f.number);
    b.set_attribute(b.add_space("fort_" + number, r.forts_per_space), "name", "fort space " + number);
  }
  for (std::size_t a = 0; a < r.provinces.size(); ++a)
    for (int n : r.provinces[a].adjacent)
      if (n > static_cast<int>(a)) b.add_link(static_cast<int>(a), n, std::string(kLand));
  return board;
}

// The id domains of the moves' parameters: their texts are the ids of the data.
void register_domains(const Rules& r, FlowRules& flow) {
  std::vector<std::string> cards, ports, provinces, fort_spaces;
  for (const CharacterCard& c : r.cards) cards.push_back(c.id);
  for (const Port& p : r.ports) ports.push_back(p.id);
  for (const Province& p : r.provinces) provinces.push_back(p.id);
  for (const FortSpace& f : r.fort_spaces) fort_spaces.push_back(std::to_string(f.number));
  flow.domain("cards", cards);
  flow.domain("ports", ports);
  flow.domain("provinces", provinces);
  flow.domain("fort_spaces", std::move(fort_spaces));
}

// Scripts may ask for a constant of the data: ctx:call("constant", name).
void register_constants(const Rules& r, ScriptRuntime& scripts) {
  const json constants = {{"alt_guard_min_other_cards", r.alt_guard_min_cards}, {"colours", r.colours}};
  scripts.register_query("constant", [constants](const Table&, const CallContext&, const NativeArgs& args) {
    const std::string name = args.size() == 1 ? std::string(args.string(0, "constant's name")) : "";
    if (!constants.contains(name)) throw RuleError("constant(name): name is one of " + constants.dump());
    return constants[name];
  });
}

// The schema's content lists: the character cards (one of each per seat) and the fort cards,
// named by the number of their fort space; the provinces and the agriculture token types,
// which key the tokens and harvested counters.
void give_contents(const Rules& r, StateSchema& schema) {
  std::map<std::string, int> characters, forts, provinces, token_types;
  for (const CharacterCard& c : r.cards) characters[c.id] = 1;
  for (int f : r.fort_cards) ++forts[std::to_string(r.fort_spaces[static_cast<std::size_t>(f)].number)];
  for (const Province& p : r.provinces) provinces[p.id] = 1;
  for (const TokenKind& k : r.tokens) token_types[k.type] = 1;
  schema.content("characters", std::move(characters));
  schema.content("fort_cards", std::move(forts));
  schema.content("provinces", std::move(provinces));
  schema.content("token_types", std::move(token_types));
}

// ctx:call("logging"): whether the call's ctx:log is kept, so that scripts make messages only
// for a game that logs (playouts keep none).
void register_logging_query(ScriptRuntime& scripts) {
  scripts.register_query("logging", [](const Table&, const CallContext& ctx, const NativeArgs&) { return json(ctx.events != nullptr); });
}

// ctx:call("has_option", card, option): whether card (its index, as in the option step's
// `card`) has the option, so that a Lua move of an option added by a house rule is offered
// for the cards whose data name it.
void register_option_query(const Rules& r, ScriptRuntime& scripts) {
  std::vector<std::vector<std::string>> options;
  for (const CharacterCard& c : r.cards) {
    options.emplace_back();
    for (const CardOption& o : c.options) options.back().push_back(o.id);
  }
  scripts.register_query("has_option", [options](const Table&, const CallContext&, const NativeArgs& args) {
    if (args.size() != 2) throw RuleError("has_option(card, option) takes a card index and an option id");
    const long long card = args.integer(0, "has_option's card");
    const std::string_view option = args.string(1, "has_option's option");
    if (card < 0 || card >= static_cast<long long>(options.size())) return json(false);
    const auto& of = options[static_cast<std::size_t>(card)];
    return json(std::find(of.begin(), of.end(), option) != of.end());
  });
}

// Every option names a move; the plugin's own kinds also need their Lua effect, which gets
// the option's params and the tables its messages and scoring use.
void bind_options(Engine& engine) {
  const Rules& r = engine.rules;
  json tables = {{"colours", r.colours}, {"vp_by_nth_token", r.token_vp}, {"token_types", json::array()}};
  for (const TokenKind& k : r.tokens) tables["token_types"].push_back(k.type);
  const int option_step = engine.flow->step_index("option");
  const auto& offered = engine.flow->step(option_step).moves;
  for (const CharacterCard& card : r.cards) {
    auto& bound = engine.card_options.emplace_back();
    for (const CardOption& option : card.options) {
      const int move = engine.flow->move_index(option.id);
      if (move < 0 || std::find(offered.begin(), offered.end(), move) == offered.end())
        throw DataError(option.where + ": unknown card option '" + option.id +
                        "' (no move of that name in the step 'option' of flow.yaml or of a variant's Lua)");
      const OptionKind* kind = find_option_kind(option.id);
      const auto& lua = engine.scripts->script_moves();
      const bool lua_move = std::any_of(lua.begin(), lua.end(), [&](const ScriptMove& m) { return !m.wrap && m.name == option.id; });
      if (!kind || lua_move) continue;  // a Lua move carries it out
      if (option.effect.name.empty())
        throw DataError(option.where + ": the " + card.name + "'s " + option.id + " names no effect");
      bound.push_back({move, kind, engine.scripts->prepare(option.effect, tables)});
    }
  }
}

}  // namespace

std::shared_ptr<Engine> load_engine(const GameConfig& config) {
  auto engine = std::make_shared<Engine>();
  engine->rules = load_rules(config.data_dir, "data/sardinia", config.variants);
  engine->board = build_board(engine->rules);
  engine->schema = std::make_shared<StateSchema>(
      load_with_overlays(config.data_dir, "data/sardinia", "schema.yaml", config.variants));
  give_contents(engine->rules, *engine->schema);
  engine->flow = std::make_unique<FlowRules>(
      load_with_overlays(config.data_dir, "data/sardinia", "flow.yaml", config.variants));
  engine->scripts = make_game_scripts(config, "sardinia");
  engine->scripts->set_fired_hooks(engine->flow->fired_hooks());
  register_constants(engine->rules, *engine->scripts);
  register_option_query(engine->rules, *engine->scripts);
  register_logging_query(*engine->scripts);
  engine->scripts->run_file("characters.lua");
  engine->scripts->run_variants(config.variants);
  FlowRules& flow = *engine->flow;
  register_domains(engine->rules, flow);
  SardiniaGame::register_natives(*engine);
  flow.build(engine->scripts.get());
  engine->moves = {flow.move_index("play"), flow.move_index("decline"), flow.move_index("copy"),
                   flow.move_index("sail"), flow.move_index("march")};
  engine->events = {flow.event_index("turn_started"), flow.event_index("turn_ended"), flow.event_index("province_scored")};
  engine->steps = {flow.step_index("play"),  flow.step_index("option"),     flow.step_index("sailing"),
                   flow.step_index("marching"), flow.step_index("guard"), flow.step_index("extra_play"),
                   flow.step_index("row_choice")};
  bind_options(*engine);
  return engine;
}

}  // namespace sardinia
