// want absint, cegar, bmc, kind, auto: FALSE
extern void reach_error(void);
int main() {
  int i = 0;
  while (i < 50) i++;
  if (i == 50) reach_error();
  return 0;
}
