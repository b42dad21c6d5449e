#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <span>
#include <vector>

#include "tessera/error.hpp"
#include "tessera/rng.hpp"
#include "tessera/supply.hpp"
#include "tessera/table.hpp"

using namespace tessera;
using nlohmann::json;

namespace {

// Two seats; coins unlimited; wood capped at 3 with discard; ore bank 4; gem capped at 2, refuse.
Supply sample_supply() {
  Supply supply("goods", 2);
  supply.add_resource("coin");
  supply.add_resource("wood", Supply::kUnlimited, 3, Overflow::Discard);
  supply.add_resource("ore", 4);
  supply.add_resource("gem", 10, 2, Overflow::Refuse);
  return supply;
}

}  // namespace

TEST_CASE("Overflow rules have stable text names", "[core]") {
  CHECK(to_string(Overflow::Refuse) == "refuse");
  CHECK(to_string(Overflow::Discard) == "discard");
  CHECK(to_string(Overflow::Keep) == "keep");
  CHECK(overflow_from_string("discard") == Overflow::Discard);
  CHECK(overflow_from_string("refuse") == Overflow::Refuse);
  CHECK(overflow_from_string("keep") == Overflow::Keep);
  CHECK_THROWS_WITH(overflow_from_string("sell"), Catch::Contains("expected refuse, discard or keep"));
}

TEST_CASE("Resources are set up with a bank, a cap and an overflow rule", "[core]") {
  Supply supply = sample_supply();
  CHECK(supply.seats() == 2);
  REQUIRE(supply.resources().size() == 4);
  CHECK(supply.resource("wood").cap == 3);
  CHECK(supply.resource("wood").overflow == Overflow::Discard);
  CHECK(supply.bank("coin") == Supply::kUnlimited);
  CHECK(supply.bank("ore") == 4);
  CHECK(supply.has_resource("gem"));
  CHECK_FALSE(supply.has_resource("gold"));
  CHECK(supply.count(1, "ore") == 0);
  CHECK_THROWS_WITH(supply.add_resource("coin"), Catch::Contains("added twice"));
  CHECK_THROWS_AS(supply.add_resource(""), DataError);
  CHECK_THROWS_AS(supply.add_resource("x", -2), DataError);
  CHECK_THROWS_AS(supply.add_resource("x", 1, -5), DataError);
  CHECK_THROWS_AS(Supply("s", -1), DataError);
  supply.set(1, "wood", 2);
  supply.add_resource("grain", 7);
  CHECK(supply.count(1, "wood") == 2);
  CHECK(supply.count(1, "grain") == 0);
  supply.set_bank("grain", 5);
  CHECK(supply.bank("grain") == 5);
  supply.set_cap("grain", 1, Overflow::Refuse);
  CHECK(supply.resource("grain").cap == 1);
  CHECK_THROWS_AS(supply.set_bank("gold", 1), DataError);
  CHECK_THROWS_AS(supply.set_bank("grain", -3), DataError);
  CHECK_THROWS_AS(supply.set_cap("grain", -3, Overflow::Keep), DataError);
  CHECK_THROWS_AS(supply.set_cap("gold", 1, Overflow::Keep), DataError);
}

TEST_CASE("Unknown seats and resources are refused with a reason", "[core]") {
  Supply supply = sample_supply();
  CHECK_THROWS_WITH(supply.count(2, "coin"), Catch::Contains("no seat 2"));
  CHECK_THROWS_WITH(supply.count(0, "gold"), Catch::Contains("no resource 'gold'"));
  CHECK_THROWS_AS(supply.gain(-1, "coin", 1), RuleError);
  CHECK_THROWS_AS(supply.bank("gold"), RuleError);
  CHECK_THROWS_AS(supply.total(5), RuleError);
  CHECK_THROWS_AS(supply.resource("gold"), RuleError);
}

TEST_CASE("Gaining takes units from the bank, and a short bank gives what it has left", "[core]") {
  Supply supply = sample_supply();
  Gain g = supply.gain(0, "coin", 5);
  CHECK(g.received == 5);
  CHECK(g.discarded == 0);
  CHECK(g.missing == 0);
  CHECK(supply.count(0, "coin") == 5);
  CHECK(supply.bank("coin") == Supply::kUnlimited);
  CHECK(supply.bank_has("coin", 1000));

  CHECK(supply.bank_has("ore", 4));
  CHECK_FALSE(supply.bank_has("ore", 5));
  g = supply.gain(1, "ore", 3);
  CHECK(g.received == 3);
  CHECK(supply.bank("ore") == 1);
  g = supply.gain(0, "ore", 3);
  CHECK(g.received == 1);
  CHECK(g.missing == 2);
  CHECK(supply.bank("ore") == 0);
  CHECK(supply.count(0, "ore") == 1);
  g = supply.gain(0, "ore", 0);
  CHECK(g.received == 0);
  CHECK_THROWS_AS(supply.gain(0, "ore", -1), RuleError);
}

TEST_CASE("A gain over the cap discards the excess or is refused, by the resource's rule", "[core]") {
  Supply supply = sample_supply();
  supply.gain(0, "wood", 2);
  CHECK(supply.room(0, "wood") == 1);
  Gain g = supply.gain(0, "wood", 3);
  CHECK(g.received == 1);
  CHECK(g.discarded == 2);
  CHECK(g.missing == 0);
  CHECK(supply.count(0, "wood") == 3);
  CHECK(supply.room(0, "wood") == 0);
  CHECK(supply.room(0, "coin") == Supply::kUnlimited);

  supply.gain(1, "gem", 2);
  CHECK(supply.bank("gem") == 8);
  CHECK_THROWS_WITH(supply.gain(1, "gem", 1), Catch::Contains("holds 2 of at most 2"));
  CHECK(supply.count(1, "gem") == 2);
  CHECK(supply.bank("gem") == 8);

  supply.set_cap("coin", 1, Overflow::Keep);
  CHECK(supply.gain(1, "coin", 9).received == 9);
  CHECK(supply.room(1, "coin") == Supply::kUnlimited);
}

TEST_CASE("A discarded excess never leaves a limited bank", "[core]") {
  Supply supply("s", 1);
  supply.add_resource("grain", 5, 2, Overflow::Discard);
  Gain g = supply.gain(0, "grain", 4);
  CHECK(g.received == 2);
  CHECK(g.discarded == 2);
  CHECK(supply.bank("grain") == 3);
  g = supply.gain(0, "grain", 1);
  CHECK(g.received == 0);
  CHECK(g.discarded == 1);
  CHECK(supply.bank("grain") == 3);
}

TEST_CASE("Paying returns units to the bank and refuses a seat that is short", "[core]") {
  Supply supply = sample_supply();
  supply.gain(0, "ore", 3);
  supply.gain(0, "coin", 4);
  supply.pay(0, "ore", 2);
  CHECK(supply.count(0, "ore") == 1);
  CHECK(supply.bank("ore") == 3);
  supply.pay(0, "coin", 4);
  CHECK(supply.count(0, "coin") == 0);
  CHECK(supply.bank("coin") == Supply::kUnlimited);
  CHECK_THROWS_WITH(supply.pay(0, "ore", 2), Catch::Contains("has 1 ore, needs 2"));
  CHECK(supply.count(0, "ore") == 1);
  CHECK_THROWS_AS(supply.pay(0, "ore", -1), RuleError);
  supply.pay(0, "ore", 0);
  CHECK(supply.count(0, "ore") == 1);
}

TEST_CASE("Transferring moves units between seats under the receiver's cap", "[core]") {
  Supply supply = sample_supply();
  supply.set(0, "coin", 6);
  Gain g = supply.transfer(0, 1, "coin", 4);
  CHECK(g.received == 4);
  CHECK(supply.count(0, "coin") == 2);
  CHECK(supply.count(1, "coin") == 4);
  CHECK_THROWS_WITH(supply.transfer(0, 1, "coin", 3), Catch::Contains("has 2 coin, needs 3"));
  CHECK_THROWS_AS(supply.transfer(0, 0, "coin", 1), RuleError);
  CHECK_THROWS_AS(supply.transfer(0, 1, "coin", -1), RuleError);

  supply.set(0, "wood", 3);
  supply.set(1, "wood", 2);
  g = supply.transfer(0, 1, "wood", 3);
  CHECK(g.received == 1);
  CHECK(g.discarded == 2);
  CHECK(supply.count(0, "wood") == 0);
  CHECK(supply.count(1, "wood") == 3);

  supply.set(0, "gem", 2);
  supply.set(1, "gem", 1);
  CHECK_THROWS_AS(supply.transfer(0, 1, "gem", 2), RuleError);
  CHECK(supply.count(0, "gem") == 2);
  supply.transfer(0, 1, "gem", 1);
  CHECK(supply.count(1, "gem") == 2);
  CHECK(supply.bank("gem") == 10);
}

TEST_CASE("Setting a holding touches neither bank nor cap, and totals add every resource", "[core]") {
  Supply supply = sample_supply();
  supply.set(0, "wood", 5);
  supply.set(0, "ore", 2);
  CHECK(supply.count(0, "wood") == 5);
  CHECK(supply.bank("ore") == 4);
  CHECK(supply.total(0) == 7);
  CHECK(supply.total(1) == 0);
  CHECK_THROWS_AS(supply.set(0, "ore", -1), RuleError);
  CHECK(supply.count(0, "ore") == 2);
}

TEST_CASE("A cost list is paid all at once or not at all", "[core]") {
  Supply supply = sample_supply();
  supply.set(0, "coin", 3);
  supply.set(0, "ore", 2);
  const std::vector<Amount> cost{{"coin", 2}, {"ore", 1}, {"coin", 1}};
  CHECK(supply.can_pay(0, cost));
  CHECK_FALSE(supply.can_pay(1, cost));
  CHECK(supply.can_pay(1, {}));
  CHECK_FALSE(supply.can_pay(0, {{"ore", 3}}));
  CHECK_THROWS_AS(supply.can_pay(0, {{"gold", 1}}), RuleError);
  CHECK_THROWS_AS(supply.can_pay(0, {{"coin", -1}}), RuleError);
  supply.pay_all(0, cost);
  CHECK(supply.count(0, "coin") == 0);
  CHECK(supply.count(0, "ore") == 1);
  CHECK(supply.bank("ore") == 5);
  CHECK_THROWS_WITH(supply.pay_all(0, {{"ore", 1}, {"coin", 1}}), Catch::Contains("has 0 coin, needs 1"));
  CHECK(supply.count(0, "ore") == 1);
  CHECK(supply.bank("ore") == 5);
}

TEST_CASE("A supply's JSON round-trips through read_json", "[core]") {
  Supply supply = sample_supply();
  supply.set(0, "coin", 3);
  supply.gain(1, "ore", 2);
  json out = json::object();
  supply.write_json(out, kOmniscient);
  CHECK(out["resources"][1] == json::parse(R"({"id":"wood","bank":-1,"cap":3,"overflow":"discard"})"));
  CHECK(out["holdings"] == json::parse("[[3,0,0,0],[0,0,2,0]]"));
  CHECK(out["totals"] == json::parse("[3,2]"));
  Supply copy("goods", 0);
  copy.read_json(out);
  CHECK(copy.seats() == 2);
  CHECK(copy.bank("ore") == 2);
  json again = json::object();
  copy.write_json(again, kOmniscient);
  CHECK(again == out);
}

TEST_CASE("Malformed supply JSON is a DataError naming the field", "[core]") {
  Supply supply = sample_supply();
  supply.set(0, "coin", 3);
  auto with = [](json patch) {
    json s = json::parse(R"({"resources":[{"id":"coin","bank":-1,"cap":-1,"overflow":"keep"}],
                             "holdings":[[1],[2]]})");
    s.update(patch);
    return s;
  };
  auto resource = [&](json patch) {
    json r = json::parse(R"({"id":"coin","bank":-1,"cap":-1,"overflow":"keep"})");
    r.update(patch);
    return with({{"resources", json::array({r})}});
  };
  CHECK_THROWS_WITH(supply.read_json(json::object()), Catch::Contains("missing field 'resources'"));
  CHECK_THROWS_WITH(supply.read_json(with({{"resources", 1}})), Catch::Contains("'resources'"));
  CHECK_THROWS_WITH(supply.read_json(resource({{"id", ""}})), Catch::Contains("resources[0].id"));
  CHECK_THROWS_WITH(supply.read_json(resource({{"bank", -2}})), Catch::Contains("resources[0].bank"));
  CHECK_THROWS_WITH(supply.read_json(resource({{"bank", "many"}})), Catch::Contains("resources[0].bank"));
  CHECK_THROWS_WITH(supply.read_json(resource({{"cap", -2}})), Catch::Contains("resources[0].cap"));
  CHECK_THROWS_WITH(supply.read_json(resource({{"overflow", "sell"}})), Catch::Contains("resources[0].overflow"));
  json twice = with(json::object());
  twice["resources"].push_back(twice["resources"][0]);
  twice["holdings"] = json::parse("[[1,1]]");
  CHECK_THROWS_WITH(supply.read_json(twice), Catch::Contains("resources[1].id") && Catch::Contains("twice"));
  CHECK_THROWS_WITH(supply.read_json(with({{"holdings", 3}})), Catch::Contains("'holdings'"));
  CHECK_THROWS_WITH(supply.read_json(with({{"holdings", json::parse("[[1],[2,3]]")}})),
                    Catch::Contains("holdings[1]"));
  CHECK_THROWS_WITH(supply.read_json(with({{"holdings", json::parse("[[1],[-2]]")}})),
                    Catch::Contains("holdings[1][0]"));
  CHECK_THROWS_WITH(supply.read_json(with({{"holdings", json::parse("[[1],[null]]")}})),
                    Catch::Contains("holdings[1][0]"));
  CHECK(supply.count(0, "coin") == 3);
  CHECK(supply.seats() == 2);
}

TEST_CASE("Private holdings show only totals to the other seats", "[core]") {
  Table table(3, 1);
  auto hands = table.add<Supply>("cards", 3, kNobody, Visibility::Owner);
  auto secret = table.add<Supply>("secret", 3, kNobody, Visibility::Hidden);
  auto own = table.add<Supply>("own", 1, 2, Visibility::Owner);
  for (auto h : {hands, secret}) {
    table.get(h).add_resource("wool", 19);
    table.get(h).gain(0, "wool", 2);
    table.get(h).gain(1, "wool", 1);
  }
  table.get(own).add_resource("vp");
  table.get(own).set(0, "vp", 9);

  json view = table.view(1);
  CHECK(view["global"]["cards"]["holdings"] == json::parse("[null,[1],null]"));
  CHECK(view["global"]["cards"]["totals"] == json::parse("[2,1,0]"));
  CHECK(view["global"]["cards"]["resources"][0]["bank"] == 16);
  CHECK(view["global"]["secret"]["holdings"] == json::parse("[null,null,null]"));
  CHECK(view["seats"][2]["own"]["holdings"] == json::parse("[null]"));
  CHECK(table.view(2)["seats"][2]["own"]["holdings"] == json::parse("[[9]]"));
  CHECK(table.view(kSpectator)["global"]["cards"]["holdings"] == json::parse("[null,null,null]"));
  CHECK(table.get(hands).sees_seat(0, 0));
  CHECK_FALSE(table.get(hands).sees_seat(0, 1));
  CHECK(table.get(secret).sees_seat(kOmniscient, 1));
  CHECK(table.get(hands).describe(1) == "bank: wool 16 | seat 0: 2 in total | seat 1: wool 1 | seat 2: 0 in total");
}

TEST_CASE("Resampling re-deals hidden units keeping totals, resource sums and caps", "[core]") {
  Supply supply("cards", 4, kNobody, Visibility::Owner);
  supply.add_resource("wool", 19);
  supply.add_resource("ore", 19, 2, Overflow::Refuse);
  supply.add_resource("fish", 19);
  supply.set(0, "wool", 1);
  supply.set(1, "wool", 3);
  supply.set(1, "ore", 1);
  supply.set(2, "ore", 2);
  supply.set(2, "fish", 1);
  supply.set(3, "fish", 2);
  json seen = json::object();
  supply.write_json(seen, 0);
  Rng rng(12);
  bool changed = false;
  for (int i = 0; i < 40; ++i) {
    supply.resample_hidden(0, rng);
    json now = json::object();
    supply.write_json(now, 0);
    REQUIRE(now == seen);
    CHECK(supply.count(1, "wool") + supply.count(2, "wool") + supply.count(3, "wool") == 3);
    CHECK(supply.count(1, "ore") + supply.count(2, "ore") + supply.count(3, "ore") == 3);
    CHECK(supply.count(1, "fish") + supply.count(2, "fish") + supply.count(3, "fish") == 3);
    for (int s = 1; s < 4; ++s) CHECK(supply.count(s, "ore") <= 2);
    changed |= supply.count(1, "wool") != 3;
  }
  CHECK(changed);

  Supply open = sample_supply();
  open.set(0, "coin", 4);
  open.resample_hidden(1, rng);
  CHECK(open.count(0, "coin") == 4);
}

TEST_CASE("A public supply describes the bank and every seat's holdings", "[core]") {
  Supply supply = sample_supply();
  supply.gain(0, "ore", 1);
  supply.gain(0, "coin", 2);
  CHECK(supply.describe(kSpectator) ==
        "bank: coin unlimited, wood unlimited, ore 3, gem 10 | seat 0: coin 2, ore 1 | seat 1: -");
}

TEST_CASE("count_at reads a holding by the resource's index", "[core]") {
  Supply supply = sample_supply();
  supply.gain(1, "ore", 3);
  CHECK(supply.count_at(1, 2) == 3);
  CHECK(supply.count_at(0, 2) == 0);
  CHECK_THROWS_AS(supply.count_at(1, 4), RuleError);
  CHECK_THROWS_AS(supply.count_at(1, -1), RuleError);
  CHECK_THROWS_AS(supply.count_at(2, 0), RuleError);
}

TEST_CASE("By index, gain, pay, transfer, bank and holdings do what they do by id", "[core]") {
  Supply by_id = sample_supply(), by_index = sample_supply();  // coin 0, wood 1, ore 2, gem 3
  by_id.gain(0, "ore", 3);
  by_index.gain_at(0, 2, 3);
  by_id.gain(1, "wood", 5);  // capped at 3, the rest discarded
  CHECK(by_index.gain_at(1, 1, 5).discarded == 2);
  by_id.pay(0, "ore", 1);
  by_index.pay_at(0, 2, 1);
  by_id.transfer(0, 1, "ore", 2);
  CHECK(by_index.transfer_at(0, 1, 2, 2).received == 2);
  json a, b;
  by_id.write_json(a, kOmniscient);
  by_index.write_json(b, kOmniscient);
  CHECK(a == b);
  CHECK(by_index.bank_at(2) == by_id.bank("ore"));
  const std::span<const int> held = by_index.holdings(1);
  CHECK(std::vector<int>(held.begin(), held.end()) == std::vector<int>{0, 3, 2, 0});

  // The same refusals, and a refused call changes nothing.
  CHECK_THROWS_WITH(by_index.pay_at(0, 2, 1), Catch::Contains("has 0 ore, needs 1"));
  CHECK_THROWS_WITH(by_index.gain_at(0, 4, 1), Catch::Contains("no resource 4"));
  CHECK_THROWS_WITH(by_index.transfer_at(0, 1, -1, 1), Catch::Contains("no resource -1"));
  CHECK_THROWS_WITH(by_index.gain_at(2, 0, 1), Catch::Contains("no seat 2"));
  CHECK_THROWS_AS(by_index.bank_at(9), RuleError);
  CHECK_THROWS_AS(by_index.holdings(-1), RuleError);
  json after;
  by_index.write_json(after, kOmniscient);
  CHECK(after == b);
}
