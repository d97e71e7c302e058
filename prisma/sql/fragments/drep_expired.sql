-- A registered DRep (st.registered) has expired when more epochs than drep_activity have passed since its last
-- activity (st.last_active_epoch); needs the latest_parameters CTE (drep_latest_parameters).
coalesce(
  st.registered AND (SELECT epoch FROM latest_parameters) - st.last_active_epoch
    > (SELECT drep_activity FROM latest_parameters),
  false
)
