// driver.cc times PPL on a numbench workload file, with the operations and
// the minimal forms of internal/numbench (see workload.go there):
//
//   driver poly|oct FILE MIN_MS
//
// prints one line per operation: "op ns_per_op" (process CPU time). poly uses C_Polyhedron,
// oct Octagonal_Shape<double> (issue 15's baseline). Every result is forced
// minimal: minimized constraints (and generators for polyhedra). Built only
// by `make bench-numeric` or the numbench test when PPL is installed; the
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

static P::Constraint toConstraint(const std::vector<long>& row, int n) {
  P::Linear_Expression e;
  for (int i = 0; i < n; i++)
    if (row[i] != 0) e += row[i] * P::Variable(i);
  return e <= row[n];
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

  void run(const std::string& op, size_t i) {
    if (op == "join") {
      D r(a[i]);
      join(r, b[i]);
      force(r);
    } else if (op == "leq") {
      if (!j[i].contains(a[i])) {
        std::cerr << "a not <= a join b\n";
        std::exit(1);
      }
    } else if (op == "widen") {
      D r(j[i]);
      widen(r, a[i]);
      force(r);
    } else if (op == "assign") {
      D r(a[i]);
      P::Linear_Expression e = P::Variable(n - 1) + 1;
      if (n > 2) e += P::Variable(1);
      r.affine_image(P::Variable(0), e);
      force(r);
    } else if (op == "forget") {
      D r(a[i]);
      r.unconstrain(P::Variable(0));
      force(r);
    } else if (op == "meet") {
      D r(a[i]);
      r.intersection_assign(b[i]);
      force(r);
    }
  }

  void time(double minMs) {
    const char* ops[] = {"join", "leq", "widen", "assign", "forget", "meet"};
    for (const char* op : ops) {
      // Process CPU time, as numbench measures numpred.
      std::clock_t start = std::clock();
      long count = 0;
      double el = 0;
      do {
        for (size_t i = 0; i < a.size(); i++, count++) run(op, i);
        el = 1000.0 * (std::clock() - start) / CLOCKS_PER_SEC;
      } while (el < minMs);
      std::printf("%s %.0f\n", op, el * 1e6 / count);
      std::fflush(stdout);
    }
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
  void widen(Oct& x, const Oct& y) override { x.BHMZ05_widening_assign(y); }
};

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: driver poly|oct FILE MIN_MS\n";
    return 2;
  }
  std::string dom = argv[1];
  std::vector<Value> vs = readFile(argv[2]);
  double minMs = std::atof(argv[3]);
  if (vs.size() < 2) {
    std::cerr << "want at least 2 values\n";
    return 2;
  }
  P::Init init;  // PPL's own set-up (rounding mode and the like)
  if (dom == "poly") {
    PolyBench b;
    b.prepare(vs);
    b.time(minMs);
  } else if (dom == "oct") {
    OctBench b;
    b.prepare(vs);
    b.time(minMs);
  } else {
    std::cerr << "unknown domain " << dom << "\n";
    return 2;
  }
  return 0;
}
