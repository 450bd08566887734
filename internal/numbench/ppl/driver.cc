// driver.cc times PPL on a numbench workload file, with the operations and
// the minimal forms of internal/numbench (see workload.go there):
//
//   driver poly|oct FILE MIN_MS [results]
//
// prints one line per operation: "op ns_per_op" (process CPU time), and
// with "results" then the result of every operation on every pair (from
// the first round of the timing), for numbench's comparison of results
// (numbench.ReadResults):
// "op pair; a0 .. a(n-1) b; ..." with the minimized constraints of the
// result as sum ai xi <= b (an equality as two of them), "op pair bottom"
// for an empty result and "op pair true|false" for leq. The input
// constraints are integer-tightened as numpred tightens them (divided by
// the gcd of their coefficients, the bound rounded down), so that both
// compute on the same sets. poly uses C_Polyhedron, oct
// Octagonal_Shape<double> (issue 15's baseline). The octagons' widening is
// CC76_extrapolation_assign, the standard widening that numpred's
// octagon Widen is (BHMZ05, used before, widens from the minimized
// constraints and keeps fewer); PPL's closes its left operand, numpred's
// keeps the raw matrix. Every result is forced minimal: minimized
// constraints (and generators for polyhedra). Built only by
// `make bench-numeric` or the numbench test when PPL is installed; the
// product never links PPL.
#include <ppl.hh>

#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace P = Parma_Polyhedra_Library;

struct Value {
  int n;
  std::vector<std::vector<long>> cons;  // a0 .. a(n-1) b: sum ai xi <= b
};

static std::vector<Value> readFile(const char* path) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << "cannot open " << path << "\n";
    std::exit(2);
  }
  std::vector<Value> vs;
  std::string line;
  while (std::getline(in, line)) {
    size_t k = line.find_first_not_of(" \t");
    if (k == std::string::npos || line[k] == '#') continue;
    std::stringstream ss(line);
    std::string part;
    std::getline(ss, part, ';');
    Value v;
    v.n = std::stoi(part);
    while (std::getline(ss, part, ';')) {
      std::stringstream ps(part);
      std::vector<long> row;
      long x;
      while (ps >> x) row.push_back(x);
      if (row.empty()) continue;
      if ((int)row.size() != v.n + 1) {
        std::cerr << "bad constraint\n";
        std::exit(2);
      }
      v.cons.push_back(row);
    }
    vs.push_back(v);
  }
  return vs;
}

static long gcd(long a, long b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b != 0) {
    long t = a % b;
    a = b;
    b = t;
  }
  return a;
}

// floorDiv returns floor(a / b) for b > 0.
static long floorDiv(long a, long b) {
  long q = a / b;
  if (a % b != 0 && a < 0) q--;
  return q;
}

// toConstraint returns sum row[i] xi <= row[n], integer-tightened.
static P::Constraint toConstraint(const std::vector<long>& row, int n) {
  long g = 0;
  for (int i = 0; i < n; i++) g = gcd(g, row[i]);
  if (g == 0) g = 1;
  P::Linear_Expression e;
  for (int i = 0; i < n; i++)
    if (row[i] != 0) e += (row[i] / g) * P::Variable(i);
  return e <= floorDiv(row[n], g);
}

// printRow prints " a0 .. a(n-1) b;" for sum ai xi <= b, where
// sign * (c's homogeneous part + inhomogeneous term) >= 0.
static void printRow(const P::Constraint& c, int n, int sign) {
  for (int i = 0; i < n; i++) {
    P::Coefficient a = c.coefficient(P::Variable(i));
    a *= -sign;
    std::cout << " " << a;
  }
  P::Coefficient b = c.inhomogeneous_term();
  b *= sign;
  std::cout << " " << b << ";";
}

// printConstraints prints the constraints of cs (see the top of the file).
static void printConstraints(const P::Constraint_System& cs, int n) {
  for (auto it = cs.begin(); it != cs.end(); ++it) {
    printRow(*it, n, 1);
    if (it->is_equality()) printRow(*it, n, -1);
  }
}

template <typename D>
struct Bench {
  std::vector<D> a, b, j;
  int n;
  virtual void force(const D& x) = 0;
  virtual void join(D& x, const D& y) = 0;
  virtual void widen(D& x, const D& y) = 0;  // x := y widen x (y <= x)
  virtual ~Bench() {}

  void prepare(const std::vector<Value>& vs) {
    n = vs[0].n;
    for (size_t k = 0; k + 1 < vs.size(); k += 2) {
      D x(n, P::UNIVERSE), y(n, P::UNIVERSE);
      for (auto& r : vs[k].cons) x.add_constraint(toConstraint(r, n));
      for (auto& r : vs[k + 1].cons) y.add_constraint(toConstraint(r, n));
      force(x);
      force(y);
      D z(x);
      join(z, y);
      force(z);
      a.push_back(x);
      b.push_back(y);
      j.push_back(z);
    }
  }

  // result returns the result of op on pair i (not leq).
  D result(const std::string& op, size_t i) {
    if (op == "widen") {
      D r(j[i]);
      widen(r, a[i]);
      return r;
    }
    D r(a[i]);
    if (op == "join") {
      join(r, b[i]);
    } else if (op == "assign") {
      P::Linear_Expression e = P::Variable(n - 1) + 1;
      if (n > 2) e += P::Variable(1);
      r.affine_image(P::Variable(0), e);
    } else if (op == "forget") {
      r.unconstrain(P::Variable(0));
    } else if (op == "meet") {
      r.intersection_assign(b[i]);
    }
    return r;
  }

  // run runs op on pair i and forces its result; kept, when not null,
  // receives the result (for leq, the answer).
  void run(const std::string& op, size_t i, std::vector<D>* kept, std::vector<bool>* answers) {
    if (op == "leq") {
      bool le = j[i].contains(a[i]);
      if (!le) {
        std::cerr << "a not <= a join b\n";
        std::exit(1);
      }
      if (answers) answers->push_back(le);
      return;
    }
    D r = result(op, i);
    force(r);
    if (kept) kept->push_back(r);
  }

  // time times every op (see the top of the file) and, when results is
  // set, prints the results of its first round after the times.
  void time(double minMs, bool results) {
    const char* ops[] = {"join", "leq", "widen", "assign", "forget", "meet"};
    std::vector<std::vector<D>> kept(6);
    std::vector<bool> answers;
    for (int k = 0; k < 6; k++) {
      std::string op = ops[k];
      // Process CPU time, as numbench measures numpred.
      std::clock_t start = std::clock();
      long count = 0;
      double el = 0;
      bool first = results;
      do {
        for (size_t i = 0; i < a.size(); i++, count++)
          run(op, i, first ? &kept[k] : nullptr, first ? &answers : nullptr);
        first = false;
        el = 1000.0 * (std::clock() - start) / CLOCKS_PER_SEC;
      } while (el < minMs);
      std::printf("%s %.0f\n", op.c_str(), el * 1e6 / count);
      std::fflush(stdout);
    }
    if (!results) return;
    for (int k = 0; k < 6; k++) {
      std::string op = ops[k];
      for (size_t i = 0; i < a.size(); i++) {
        std::cout << op << " " << i;
        if (op == "leq") {
          std::cout << (answers[i] ? " true" : " false") << "\n";
          continue;
        }
        const D& r = kept[k][i];
        if (r.is_empty()) {
          std::cout << " bottom\n";
          continue;
        }
        std::cout << ";";
        printConstraints(r.minimized_constraints(), n);
        std::cout << "\n";
      }
    }
    std::cout.flush();
  }
};

struct PolyBench : Bench<P::C_Polyhedron> {
  void force(const P::C_Polyhedron& x) override {
    x.minimized_constraints();
    x.minimized_generators();
  }
  void join(P::C_Polyhedron& x, const P::C_Polyhedron& y) override { x.poly_hull_assign(y); }
  void widen(P::C_Polyhedron& x, const P::C_Polyhedron& y) override { x.H79_widening_assign(y); }
};

typedef P::Octagonal_Shape<double> Oct;

struct OctBench : Bench<Oct> {
  void force(const Oct& x) override {
    if (!x.is_empty()) x.minimized_constraints();
  }
  void join(Oct& x, const Oct& y) override { x.upper_bound_assign(y); }
  void widen(Oct& x, const Oct& y) override { x.CC76_extrapolation_assign(y); }
};

int main(int argc, char** argv) {
  if (argc != 4 && !(argc == 5 && std::string(argv[4]) == "results")) {
    std::cerr << "usage: driver poly|oct FILE MIN_MS [results]\n";
    return 2;
  }
  std::string dom = argv[1];
  std::vector<Value> vs = readFile(argv[2]);
  double minMs = std::atof(argv[3]);
  bool results = argc == 5 && std::string(argv[4]) == "results";
  if (vs.size() < 2) {
    std::cerr << "want at least 2 values\n";
    return 2;
  }
  P::Init init;  // PPL's own set-up (rounding mode and the like)
  if (dom == "poly") {
    PolyBench b;
    b.prepare(vs);
    b.time(minMs, results);
  } else if (dom == "oct") {
    OctBench b;
    b.prepare(vs);
    b.time(minMs, results);
  } else {
    std::cerr << "unknown domain " << dom << "\n";
    return 2;
  }
  return 0;
}
