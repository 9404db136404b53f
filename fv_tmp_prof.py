import cProfile, pstats, time, sys, threading
import classroom.live  # noqa: F401
from streamlit.testing.v1 import AppTest
profs = []
def boot(frame, event, arg):
    if threading.current_thread().name.startswith("MainThread"):
        return
    p = cProfile.Profile(); profs.append(p); sys.setprofile(None); p.enable()
at = AppTest.from_file("/work/wt-firstvisit/app_pages/pawn.py", default_timeout=300)
at.query_params["tab"] = "The search tree"
threading.setprofile(boot)
t = time.perf_counter()
at.run()
threading.setprofile(None)
print("run s", time.perf_counter() - t, "exc", at.exception, len(profs))
for p in profs:
    p.create_stats()
st = pstats.Stats(*profs); st.sort_stats("cumulative").print_stats(60)
