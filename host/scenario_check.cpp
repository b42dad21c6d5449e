#include "scenario_check.hpp"

#include <algorithm>

#include "json_text.hpp"
#include "scenario_pointer.hpp"

namespace tessera::host {

using nlohmann::json;

namespace {

std::vector<std::string> legal_texts(const Game& game) {
  std::vector<std::string> texts;
  for (const Action& a : game.legal_actions()) texts.push_back(a.text);
  return texts;
}

std::string listed(const std::vector<std::string>& texts) {
  std::string out;
  for (const std::string& t : texts) out += (out.empty() ? "" : ", ") + t;
  return "[" + out + "]";
}

// The seats' names, in seat order.
std::string seat_list(const Game& game, std::vector<int> seats) {
  std::sort(seats.begin(), seats.end());
  std::string out;
  for (const int s : seats) out += (out.empty() ? "" : ", ") + game.player_name(s);
  return "[" + out + "]";
}

std::vector<std::string> strings(const json& value, const ScenarioSource& source, const std::string& at) {
  if (value.is_string()) return {value.get<std::string>()};
  if (!value.is_array() || !std::all_of(value.begin(), value.end(), [](const json& v) { return v.is_string(); }))
    throw source.error(at, "a move text or a list of them");
  return value.get<std::vector<std::string>>();
}

void check(Session& session, const std::string& kind, const json& value, const ScenarioSource& source,
           const std::string& at) {
  const Game& game = session.game();
  if (kind == "decision") {
    const int seat = game.decision().seat;
    const std::string now = seat == kNobody ? "none" : game.player_name(seat);
    const int wanted = value == "none" ? kNobody : seat_named(game, value);
    if (wanted != seat) throw source.error(at, "the decision is " + now + "'s, not " + json_text(value));
  } else if (kind == "step") {
    const json frames = game.table().to_json()["global"]["flow"]["frames"];
    const std::string now = frames.empty() ? "none" : frames.back()["step"].get<std::string>();
    if (json(now) != value) throw source.error(at, "the step now is '" + now + "', not " + json_text(value));
  } else if (kind == "over") {
    if (!value.is_boolean()) throw source.error(at, "true or false");
    if (game.is_over() != value.get<bool>())
      throw source.error(at, std::string("the game is ") + (game.is_over() ? "" : "not ") + "over");
  } else if (kind == "legal" || kind == "legal_has" || kind == "legal_lacks") {
    const std::vector<std::string> wanted = strings(value, source, at), legal = legal_texts(game);
    for (const std::string& text : wanted) {
      const bool there = std::find(legal.begin(), legal.end(), text) != legal.end();
      if (there == (kind == "legal_lacks"))
        throw source.error(at, "'" + text + "' is " + (there ? "" : "not ") + "legal now; legal: " + listed(legal));
    }
    if (kind == "legal" && wanted.size() != legal.size())
      throw source.error(at, "legal now: " + listed(legal) + ", not " + listed(wanted));
  } else if (kind == "labels") {
    if (!value.is_object()) throw source.error(at, "a map from a legal move's text to its label");
    const std::vector<Action> actions = game.legal_actions();
    for (const auto& [text, wanted] : value.items()) {
      const std::string& move_text = text;  // (clang 14 does not capture a structured binding)
      const auto action =
          std::find_if(actions.begin(), actions.end(), [&](const Action& a) { return a.text == move_text; });
      const std::string item_at = at + "/" + pointer_token(text);
      if (action == actions.end())
        throw source.error(item_at, "'" + text + "' is not legal now; legal: " + listed(legal_texts(game)));
      if (json(action->label) != wanted)
        throw source.error(item_at, "'" + text + "' is labelled \"" + action->label + "\", not " + json_text(wanted));
    }
  } else if (kind == "winners") {
    if (!value.is_array()) throw source.error(at, "a list of the seats that win");
    if (!game.is_over()) throw source.error(at, "the game is not over");
    std::vector<int> wanted;
    for (std::size_t i = 0; i < value.size(); ++i) {
      const int seat = seat_named(game, value[i]);
      if (seat < 0) throw source.error(at + "/" + std::to_string(i), json_text(value[i]) + " is not a seat of this game");
      wanted.push_back(seat);
    }
    const std::vector<int> winners = game.outcome().winners;
    if (seat_list(game, winners) != seat_list(game, wanted))
      throw source.error(at, "the winners are " + seat_list(game, winners) + ", not " + seat_list(game, wanted));
  } else if (kind == "play") {
    for (const std::string& text : strings(value, source, at)) {
      const ApplyResult r = session.act(text);
      if (!r.ok) throw source.error(at, "'" + text + "' is refused: " + r.error);
    }
  } else if (kind == "refuses") {
    const std::string text = value.is_object() ? value.value("move", "") : value.is_string() ? value.get<std::string>() : "";
    if (text.empty()) throw source.error(at, "a move text, or {move: text, reason: words of the reason}");
    const ApplyResult r = session.act(text);
    if (r.ok) throw source.error(at, "'" + text + "' is accepted");
    const std::string reason = value.is_object() ? value.value("reason", "") : "";
    if (r.error.find(reason) == std::string::npos)
      throw source.error(at, "'" + text + "' is refused with \"" + r.error + "\", which does not say \"" + reason + "\"");
  } else if (kind == "state") {
    if (!value.is_object()) throw source.error(at, "a map from a JSON pointer of the state to its value");
    const json state = game.table().to_json();
    for (const auto& [pointer, wanted] : value.items()) {
      json::json_pointer ptr;
      try {
        ptr = named_pointer(game, state, pointer);
      } catch (const DataError& e) {
        throw source.error(at, e.what());
      }
      if (state.at(ptr) != wanted)
        throw source.error(at, "'" + pointer + "' is " + json_text(state.at(ptr)) + ", not " + json_text(wanted));
    }
  } else {
    throw source.error(at, "unknown check '" + kind + "' (decision, step, over, winners, legal, legal_has, legal_lacks, "
                           "labels, play, refuses, state)");
  }
}

}  // namespace

int run_expectations(Session& session, const ScenarioSource& source) {
  const json& doc = source.document();
  if (!doc.contains("expect")) return 0;
  if (!doc["expect"].is_array()) throw source.error("/expect", "a list of checks such as {legal_has: [roll]}");
  int ran = 0;
  for (std::size_t i = 0; i < doc["expect"].size(); ++i) {
    const std::string at = "/expect/" + std::to_string(i);
    const json& item = doc["expect"][i];
    if (!item.is_object() || item.size() != 1) throw source.error(at, "a check is a map with one key ({play: roll})");
    check(session, item.begin().key(), item.begin().value(), source, at + "/" + item.begin().key());
    ++ran;
  }
  return ran;
}

}  // namespace tessera::host
