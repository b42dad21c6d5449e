#pragma once
// The rules data of Sardinia, read from data/sardinia/*.yaml: constants, pieces, influence,
// agriculture tokens, the board graph (provinces, ports, adjacency, fort spaces, layout) and the
// character and fort cards. Immutable once loaded; indices are positions in the vectors below.
#include <array>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/effect_use.hpp"

namespace sardinia {

// The most provinces, and board spaces in all, a board may have (the rules code keeps
// per-space scratch on the stack).
inline constexpr int kMaxProvinces = 64;
inline constexpr int kMaxSpaces = 128;

// The five piece kinds of a player, in the order of pieces_per_player.
enum PieceKind : int { kChaplain = 0, kShip = 1, kFort = 2, kSettlement = 3, kSettler = 4, kPieceKinds = 5 };
// Their names on the board and in the reserve counters.
inline constexpr std::array<std::string_view, kPieceKinds> kPieceNames = {"chaplain", "ship", "fort", "settlement",
                                                                         "settler"};
// The type of the links between adjacent provinces on the board.
inline constexpr std::string_view kLand = "land";

struct Province {
  std::string id, name;
  std::string code;             // its two letters on the map (layout key), read from its name
  std::string colour;           // land colour group: yellow, green or brown
  int vp = 0;
  bool coastal = false;
  int port = -1;                // index into Rules::ports, -1 if none
  std::vector<int> adjacent;    // province indices, ascending
  std::vector<int> fort_spaces; // fort-space indices touching this province, ascending
};

struct Port {
  std::string id, name;
  int province = 0;
};

struct FortSpace {
  int number = 0;               // printed number 1..26; fort card n names space n
  std::vector<int> provinces;   // province indices, ascending
  int row = 0, col = 0;         // corner in the layout grid
};

struct TokenKind {
  std::string type;             // wheat, olive, ...
  int count = 0;
  std::string placed_on;        // land colour group dealt to at setup
};

struct CardOption {
  std::string id;               // the move that carries it out (flow.yaml or a variant's Lua)
  tessera::EffectUse effect;    // the Lua effect the plugin's own option kinds run, with its
                                // params (name "" for a Lua move)
  std::string where;            // "data/sardinia/cards.yaml:L:C" of the option, for messages
};

struct CharacterCard {
  std::string id, name;
  std::vector<CardOption> options;
  bool copies = false;          // the Queen
  bool scoring = false;         // the Guard
};

struct Rules {
  int min_players = 2, max_players = 4;
  std::vector<std::string> colours;     // player colours
  int province_limit = 7;
  std::vector<int> port_capacity;       // by player count (index = players)
  int own_ships_per_port = 1;
  int forts_per_space = 1;
  int row_size = 11, row_face_up = 2;
  int scorings = 11;
  int march_steps = 4, travel_steps = 3;
  std::vector<int> token_vp;            // VP of the 1st, 2nd, ... token of one type
  int second_place_divisor = 2;
  int min_influence = 1;  // the influence a seat needs in a province to rank there at all
  bool two_player_tie_scores = false;
  bool two_player_second_scores = true; // two_player_second_place: half (true) | none (false)
  int alt_guard_min_cards = 3;
  int pieces[kPieceKinds] = {1, 2, 3, 4, 5};
  int influence[kPieceKinds] = {1, 1, 1, 2, 1};  // per piece kind (ship: in the province's port;
                                                 // fort: on a fort space touching the province)
  std::vector<TokenKind> tokens;
  std::vector<Province> provinces;
  std::vector<Port> ports;
  std::vector<FortSpace> fort_spaces;
  // The schematic map: [row][column] a province index, kSea for the sea (empty: no layout).
  static constexpr int kSea = -1;
  std::vector<std::vector<int>> layout;
  std::vector<CharacterCard> cards;
  std::vector<int> fort_cards;          // fort-space index named by each card, in card order

  int province_index(const std::string& id) const;  // -1 if none
  int port_index(const std::string& id) const;
  int card_index(const std::string& id) const;
  int token_index(const std::string& type) const;
  int pieces_total() const;                          // pieces per player (15)
};

// Reads game.yaml and cards.yaml, each with the data overlays of `variants`; checks that the board is one consistent graph (symmetric
// adjacency, fort spaces of 2+ provinces, one port per province at most, tokens matching the
// provinces of their colour) and throws tessera::DataError naming file:line:col otherwise.
Rules load_rules(const std::filesystem::path& data_dir, const std::string& data_name,
                 const std::vector<std::string>& variants);

}  // namespace sardinia
